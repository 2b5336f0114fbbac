import type { FastifyInstance, FastifyRequest } from 'fastify';
import { emailConfirmationMessage, languageOf } from './messages';
import { issueCode } from './otp-codes';
import { deliver, providerDisabled } from './outbox';
import { safeRedirect } from './otp-routes';
import type { AuthUserRow } from './users';

/**
 * An email given for an account (at sign-up, or changed later) is only a claim until its owner
 * proves it: it waits in `new_email`, never signs anyone in, and blocks no one else. This sends the
 * proof: one message holding a link (GET /auth/v1/confirm-email) and the same 6-digit code (typed on
 * the account page: POST /verify type=email_change). Decision: docs/decisions/103-one-account-per-person.md.
 */
export async function sendEmailConfirmation(
  app: FastifyInstance,
  request: FastifyRequest,
  user: AuthUserRow,
  email: string,
  options: { redirectTo?: string | undefined } = {},
): Promise<void> {
  const service = app.authService;
  if (service.env.NODE_ENV === 'production' && !service.adapters.email) throw providerDisabled('email');
  // The claim is stored before the send is admitted: a send held back by the cooldown (another
  // sign-up mailed this address a moment ago) must not lose the address the person typed (#25 finding 12).
  await service.db.updateTable('auth_users').set({ new_email: email }).where('id', '=', user.id).execute();
  const issued = await issueCode(service, { purpose: 'email_change', channel: 'email', recipient: email, ip: request.ip, userId: user.id, data: user.user_metadata, withLink: true });
  const lang = languageOf(user.user_metadata);
  const link = `${safeRedirect(app, undefined)}/auth/v1/confirm-email?${new URLSearchParams({
    token: issued.linkToken ?? '',
    redirect_to: safeRedirect(app, options.redirectTo ?? `/${lang}/sign-in-otp?${new URLSearchParams({ email })}`),
  })}`;
  await deliver(service, service.adapters, request.log, { channel: 'email', recipient: email, ...emailConfirmationMessage(issued.code, lang, link), code: issued.code });
}
