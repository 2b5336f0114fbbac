import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { EMAIL_EXISTS } from '../accounts';
import { dropOtherClaims } from '../email-claims';
import { AuthApiError } from '../errors';
import type { AuthService } from '../service';
import { findAuthUserByEmail, findAuthUserById, type AuthUserRow } from '../users';
import type { SocialProfile } from './claims';
import { findIdentity, withProvider } from './identities';

type Db = Kysely<Database> | Transaction<Database>;

/** A second callback for the same provider account won the insert: decide again from its row. */
class LostRace extends Error {}

/** Fills the user_metadata keys the person has not set themselves (the funnel prefills name and email from them). */
function prefilled(userMetadata: Record<string, unknown>, identityData: Record<string, unknown>): Record<string, unknown> {
  const { iss: _iss, sub: _sub, provider_id: _providerId, ...shown } = identityData;
  return { ...shown, ...userMetadata };
}

async function addIdentity(db: Db, service: AuthService, user: AuthUserRow, provider: string, profile: SocialProfile): Promise<void> {
  const now = service.now();
  const inserted = await db
    .insertInto('auth_identities')
    .values({ user_id: user.id, provider, provider_id: profile.subject, identity_data: JSON.stringify(profile.identityData), email: profile.email, last_sign_in_at: now, created_at: now, updated_at: now })
    .onConflict((conflict) => conflict.columns(['provider_id', 'provider']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) throw new LostRace();
}

/**
 * Who a provider sign-in is (#35.3, one person one account as #11 made it for phone and email):
 * the account this provider account already reaches; else the account holding the email, only
 * when the provider verified it; else a new account, which gets the email only when verified.
 * An unverified email never reaches, names or confirms anyone's account.
 */
export async function userForProfile(service: AuthService, provider: string, profile: SocialProfile, linkUserId: string | null): Promise<AuthUserRow> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const user = linkUserId ? await linkInto(service, provider, profile, linkUserId) : await signIn(service, provider, profile);
      if (user.banned_until && new Date(user.banned_until).getTime() > service.now().getTime()) throw new AuthApiError(403, 'user_banned', 'User is banned');
      return user;
    } catch (error) {
      if (!(error instanceof LostRace) || attempt >= 2) throw error;
    }
  }
}

async function signIn(service: AuthService, provider: string, profile: SocialProfile): Promise<AuthUserRow> {
  const existing = await findIdentity(service.db, provider, profile.subject);
  if (existing) return returning(service, existing.id, existing.user_id, profile);
  const holder = profile.emailVerified && profile.email ? await findAuthUserByEmail(service.db, profile.email) : null;
  const user = await service.db.transaction().execute(async (trx) => {
    if (holder) return linkByEmail(trx, service, holder, provider, profile);
    return createUser(trx, service, provider, profile);
  });
  if (profile.emailVerified && profile.email) await dropOtherClaims(service, profile.email, user.id);
  return user;
}

/** A known provider account: its claims refreshed, the account it reaches. */
async function returning(service: AuthService, identityId: string, userId: string, profile: SocialProfile): Promise<AuthUserRow> {
  const now = service.now();
  await service.db
    .updateTable('auth_identities')
    .set({ identity_data: JSON.stringify(profile.identityData), email: profile.email, last_sign_in_at: now, updated_at: now })
    .where('id', '=', identityId)
    .execute();
  const user = await findAuthUserById(service.db, userId);
  if (!user) throw new LostRace();
  return user;
}

/**
 * The account that proved this verified email gets the identity. If it never proved it (an
 * unconfirmed account someone may have opened in the person's name: pre-account takeover), what
 * that someone could have left is dropped first: its other identities, its unproven phone and
 * claims, its sessions. The person then owns it through the provider.
 */
async function linkByEmail(trx: Transaction<Database>, service: AuthService, holder: AuthUserRow, provider: string, profile: SocialProfile): Promise<AuthUserRow> {
  const now = service.now();
  let appMetadata = withProvider(holder.app_metadata, provider);
  if (!holder.email_confirmed_at) {
    await trx.deleteFrom('auth_identities').where('user_id', '=', holder.id).execute();
    await trx.deleteFrom('auth_sessions').where('user_id', '=', holder.id).execute();
    appMetadata = { ...appMetadata, providers: holder.phone_confirmed_at ? ['phone', provider] : [provider] };
  }
  await addIdentity(trx, service, holder, provider, profile);
  return trx
    .updateTable('auth_users')
    .set({
      email_confirmed_at: holder.email_confirmed_at ?? now,
      ...(holder.email_confirmed_at ? {} : { new_email: null, new_phone: null, ...(holder.phone_confirmed_at ? {} : { phone: null }) }),
      is_anonymous: false,
      app_metadata: JSON.stringify(appMetadata),
      user_metadata: JSON.stringify(prefilled(holder.user_metadata, profile.identityData)),
    })
    .where('id', '=', holder.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

async function createUser(trx: Transaction<Database>, service: AuthService, provider: string, profile: SocialProfile): Promise<AuthUserRow> {
  const now = service.now();
  const verifiedEmail = profile.emailVerified ? profile.email : null;
  const created = await trx
    .insertInto('auth_users')
    .values({
      email: verifiedEmail,
      phone: null,
      email_confirmed_at: verifiedEmail ? now : null,
      app_metadata: JSON.stringify({ provider, providers: [provider] }),
      user_metadata: JSON.stringify(prefilled({}, profile.identityData)),
      new_email: null,
      new_phone: null,
      created_at: now,
      updated_at: now,
    })
    // Another account took the email meanwhile: decide again (it will be linked to).
    .onConflict((conflict) => conflict.column('email').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!created) throw new LostRace();
  await addIdentity(trx, service, created, provider, profile);
  return created;
}

/**
 * GET /user/identities/authorize's callback: the identity goes to the signed-in account that asked
 * (an anonymous one becomes permanent), with GoTrue's refusals.
 */
async function linkInto(service: AuthService, provider: string, profile: SocialProfile, userId: string): Promise<AuthUserRow> {
  const existing = await findIdentity(service.db, provider, profile.subject);
  if (existing) {
    throw new AuthApiError(422, 'identity_already_exists', existing.user_id === userId ? 'Identity is already linked' : 'Identity is already linked to another user');
  }
  const user = await findAuthUserById(service.db, userId);
  if (!user) throw new AuthApiError(404, 'user_not_found', 'User not found');
  const claimsEmail = profile.emailVerified ? profile.email : null;
  const holder = claimsEmail ? await findAuthUserByEmail(service.db, claimsEmail) : null;
  if (holder && holder.id !== user.id) throw new AuthApiError(400, 'email_exists', EMAIL_EXISTS);
  const takesEmail = claimsEmail !== null && !user.email;
  const linked = await service.db.transaction().execute(async (trx) => {
    await addIdentity(trx, service, user, provider, profile);
    return trx
      .updateTable('auth_users')
      .set({
        is_anonymous: false,
        app_metadata: JSON.stringify(withProvider(user.app_metadata, provider)),
        user_metadata: JSON.stringify(prefilled(user.user_metadata, profile.identityData)),
        ...(takesEmail ? { email: claimsEmail, email_confirmed_at: service.now() } : {}),
      })
      .where('id', '=', user.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  if (takesEmail) await dropOtherClaims(service, claimsEmail, user.id);
  return linked;
}
