import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { User } from '../../core/contracts/user';
import type { AccountDirectory, AuthIdentity } from '../auth/directory';
import type { AuthUser } from '../auth/require-user';
import { hasAccess } from '../payments/subscription-life';
import { getProfile } from './profiles';
import { storedPhone } from '../../core/phone/spelling';
import type { Profile } from './tables';

/** GET /v1/user's answer: the auth identity, completed by the profile (which may not exist yet). */
export async function userView(db: Kysely<Database>, accounts: AccountDirectory, user: AuthUser, profile?: Profile | null): Promise<User> {
  const row = profile === undefined ? await getProfile(db, user.id) : profile;
  const identity = identityOf(user) ?? (await accounts.identity(user.id));
  const phone = row?.phone ?? identity?.phone ?? user.phone ?? null;
  // The proven address first: a profile's email is only what was typed (decision 103).
  const provenEmail = identity?.emailConfirmed ? identity.email : null;
  const email = provenEmail ?? row?.email ?? user.email ?? null;
  // The role opens the product only while the subscription does (trialing, active, past due, or
  // cancelled but running to its end): once it has ended the loader rules send the person to the
  // paywall again instead of the web app (#26). The stored role is kept for when they come back.
  const role = row?.role && (await hasAccess(db, user.id)) ? row.role : null;
  return {
    id: user.id,
    role,
    kyc_status: row?.kyc_status ?? null,
    is_anonymous: user.isAnonymous,
    profile: {
      first_name: row?.first_name ?? null,
      last_name: row?.last_name ?? null,
      email,
      phone,
      phone_verified: Boolean(phone && identity?.phoneConfirmed && identity.phone === phone),
      email_verified: Boolean(email && provenEmail === email),
      onboarding_finished_at: row?.onboarding_finished_at ? new Date(row.onboarding_finished_at).toISOString() : null,
    },
    data: (row?.data as User['data'] | undefined) ?? {},
  };
}

/** The identity from what authentication already read (our auth service), saving a query per request. */
function identityOf(user: AuthUser): AuthIdentity | null {
  if (!user.confirmed) return null;
  const phone = storedPhone(user.phone);
  return { id: user.id, email: user.email, phone, isAnonymous: user.isAnonymous, emailConfirmed: user.confirmed.email, phoneConfirmed: user.confirmed.phone };
}
