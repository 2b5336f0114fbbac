import { requireSecondStep } from '../assurance';
import { AuthApiError } from '../errors';
import type { Authenticated, AuthService } from '../service';
import { derivedIdentityId } from '../user-json';
import { socialIdentitiesOf, withoutProvider } from './identities';

/**
 * DELETE /user/identities/{id} (GoTrue's unlinkIdentity): a provider identity, or the phone or email
 * way in (which clears that address). Never the last way in: 422 single_identity_not_deletable.
 * Removing a way in is an account change, so a user with a second factor needs the second step.
 */
export async function unlinkIdentity(service: AuthService, auth: Authenticated, identityId: string): Promise<void> {
  const { user } = auth;
  const social = await socialIdentitiesOf(service.db, user);
  const hasEmail = Boolean(user.email && user.email_confirmed_at);
  const hasPhone = Boolean(user.phone && user.phone_confirmed_at);
  const target = social.find((identity) => identity.id === identityId);
  const isEmail = hasEmail && identityId === derivedIdentityId(user.id, 'email');
  const isPhone = hasPhone && identityId === derivedIdentityId(user.id, 'phone');
  if (!target && !isEmail && !isPhone) throw new AuthApiError(422, 'identity_not_found', 'Identity doesn\'t exist');
  const waysIn = social.length + (hasEmail ? 1 : 0) + (hasPhone ? 1 : 0);
  if (waysIn <= 1) throw new AuthApiError(422, 'single_identity_not_deletable', 'User must have at least 1 identity after unlinking');
  requireSecondStep(auth, 403, 'AAL2 session is required to unlink an identity when MFA is enabled.');
  await service.db.transaction().execute(async (trx) => {
    const provider = target ? target.provider : isEmail ? 'email' : 'phone';
    if (target) await trx.deleteFrom('auth_identities').where('id', '=', target.id).where('user_id', '=', user.id).execute();
    const stillThere = target ? social.some((identity) => identity.id !== target.id && identity.provider === target.provider) : false;
    await trx
      .updateTable('auth_users')
      .set({
        ...(isEmail ? { email: null, email_confirmed_at: null } : {}),
        ...(isPhone ? { phone: null, phone_confirmed_at: null } : {}),
        ...(stillThere ? {} : { app_metadata: JSON.stringify(withoutProvider(user.app_metadata, provider)) }),
      })
      .where('id', '=', user.id)
      .execute();
  });
}
