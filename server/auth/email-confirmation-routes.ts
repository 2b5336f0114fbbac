import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { applyVerifiedCode } from './accounts';
import { AuthApiError } from './errors';
import { consumeLink } from './otp-codes';
import { LIMITS } from './rate-limit';
import { safeRedirect } from './otp-routes';

/**
 * GET /confirm-email: the link of the email-confirmation message. It proves the address for the
 * account that asked (nothing else: no session is started, so a link opened on another device signs
 * no one in there) and goes back to the site with `email_confirmed=1`, or `email_error=<code>` when
 * the link is used, expired, or the address was proven by another account first.
 */
export default async function emailConfirmationRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = app.authService;

  r.get(
    '/confirm-email',
    { schema: { querystring: z.object({ token: z.string().max(256).optional(), redirect_to: z.string().max(2048).optional() }) } },
    async (request, reply) => {
      const target = new URL(safeRedirect(app, request.query.redirect_to));
      try {
        await service.limit(`verify:ip:${request.ip}`, LIMITS.verifyPerIp);
        const otp = await consumeLink(service, request.query.token ?? '', ['email_change']);
        await applyVerifiedCode(service, otp);
        target.searchParams.set('email_confirmed', '1');
      } catch (error) {
        if (!(error instanceof AuthApiError)) throw error;
        target.searchParams.set('email_error', error.errorCode);
      }
      return reply.redirect(target.toString(), 303);
    },
  );
}
