import { dropOtherClaims } from './email-claims';
import { AuthApiError } from './errors';
import type { OtpRow } from './otp-codes';
import type { AuthService } from './service';
import { findAuthUserByEmail, findAuthUserById, findAuthUserByPhone, type AuthUserRow } from './users';

export const PHONE_EXISTS = 'An account with this phone number already exists.';
export const EMAIL_EXISTS = 'An account with this email already exists.';

function withProvider(appMetadata: Record<string, unknown>, provider: 'email' | 'phone'): Record<string, unknown> {
  const providers = Array.isArray(appMetadata.providers) ? (appMetadata.providers as string[]) : [];
  return {
    ...appMetadata,
    provider: typeof appMetadata.provider === 'string' ? appMetadata.provider : provider,
    providers: providers.includes(provider) ? providers : [...providers, provider],
  };
}

/**
 * Applies a verified code: a sign-in finds or creates the account for the address (confirmed now);
 * a phone/email change moves the verified address onto the requesting user, which also turns an
 * anonymous user into a permanent one. Returns the user to start a session for.
 */
export async function applyVerifiedCode(service: AuthService, otp: OtpRow): Promise<AuthUserRow> {
  const now = service.now();
  const isPhone = otp.channel === 'sms';
  const provider = isPhone ? 'phone' : 'email';
  const confirmedColumn = isPhone ? 'phone_confirmed_at' : 'email_confirmed_at';

  if (otp.purpose === 'signin' || otp.purpose === 'recovery') {
    const existing = isPhone ? await findAuthUserByPhone(service.db, otp.recipient) : await findAuthUserByEmail(service.db, otp.recipient);
    if (existing) {
      const updated = await service.db
        .updateTable('auth_users')
        .set({
          ...(existing[confirmedColumn] ? {} : { [confirmedColumn]: now }),
          app_metadata: JSON.stringify(withProvider(existing.app_metadata, provider)),
        })
        .where('id', '=', existing.id)
        .returningAll()
        .executeTakeFirst();
      return updated ?? existing;
    }
    if (otp.purpose === 'recovery') throw new AuthApiError(403, 'otp_expired', 'Token has expired or is invalid');
    return service.db
      .insertInto('auth_users')
      .values({
        email: isPhone ? null : otp.recipient,
        phone: isPhone ? otp.recipient : null,
        [confirmedColumn]: now,
        app_metadata: JSON.stringify({ provider, providers: [provider] }),
        user_metadata: JSON.stringify(otp.data ?? {}),
        new_email: null,
        new_phone: null,
        created_at: now,
        updated_at: now,
      })
      .onConflict((conflict) => conflict.column(isPhone ? 'phone' : 'email').doNothing())
      .returningAll()
      .executeTakeFirst()
      .then(async (created) => {
        if (!created) return applyVerifiedCode(service, otp);
        if (!isPhone) await dropOtherClaims(service, otp.recipient, created.id);
        return created;
      });
  }

  // phone_change / email_change: bound to the user who asked.
  const user = otp.user_id ? await findAuthUserById(service.db, otp.user_id) : null;
  if (!user) throw new AuthApiError(403, 'otp_expired', 'Token has expired or is invalid');
  const taken = isPhone ? await findAuthUserByPhone(service.db, otp.recipient) : await findAuthUserByEmail(service.db, otp.recipient);
  if (taken && taken.id !== user.id) {
    throw isPhone ? new AuthApiError(422, 'phone_exists', PHONE_EXISTS) : new AuthApiError(422, 'email_exists', EMAIL_EXISTS);
  }
  const updated = await service.db
    .updateTable('auth_users')
    .set(
      isPhone
        ? { phone: otp.recipient, phone_confirmed_at: now, new_phone: null, is_anonymous: false, app_metadata: JSON.stringify(withProvider(user.app_metadata, 'phone')) }
        : { email: otp.recipient, email_confirmed_at: now, new_email: null, is_anonymous: false, app_metadata: JSON.stringify(withProvider(user.app_metadata, 'email')) },
    )
    .where('id', '=', user.id)
    .returningAll()
    .executeTakeFirst();
  if (!isPhone) await dropOtherClaims(service, otp.recipient, user.id);
  return updated ?? user;
}
