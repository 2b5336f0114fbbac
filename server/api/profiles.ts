import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { badRequest } from '../http/errors';
import type { KycStatus, Role } from '../../core/contracts/user';
import { toE164 } from '../../core/phone/parse';
import type { Profile, ProfileUpdate } from './tables';

/** The user's profile row, or null when they have never written one. */
export async function getProfile(db: Kysely<Database>, userId: string): Promise<Profile | null> {
  const row = await db.selectFrom('profiles').selectAll().where('user_id', '=', userId).executeTakeFirst();
  return row ?? null;
}

/** Creates the profile row if missing (concurrent callers are fine) and returns it. */
export async function ensureProfile(db: Kysely<Database>, userId: string): Promise<Profile> {
  await db
    .insertInto('profiles')
    .values({ user_id: userId })
    .onConflict((conflict) => conflict.column('user_id').doNothing())
    .execute();
  const row = await getProfile(db, userId);
  if (!row) throw new Error(`profile for ${userId} vanished`);
  return row;
}

export async function updateProfile(db: Kysely<Database>, userId: string, changes: ProfileUpdate): Promise<Profile> {
  await ensureProfile(db, userId);
  return db.updateTable('profiles').set(changes).where('user_id', '=', userId).returningAll().executeTakeFirstOrThrow();
}

/**
 * Gives the user their role. Callers decide whether they may (next-steps: only with a trialing or
 * active subscription, see server/api/onboarding-routes.ts). Returns the updated profile.
 */
export async function grantRole(db: Kysely<Database>, userId: string, role: Role): Promise<Profile> {
  return updateProfile(db, userId, { role });
}

export async function setKycStatus(db: Kysely<Database>, userId: string, status: KycStatus): Promise<Profile> {
  return updateProfile(db, userId, { kyc_status: status });
}

/** Shallow-merges a free-form object into profiles.data in one statement (no lost update). */
export async function mergeProfileData(db: Kysely<Database>, userId: string, data: Record<string, unknown>): Promise<Profile> {
  await ensureProfile(db, userId);
  return db
    .updateTable('profiles')
    .set({ data: sql`data || ${JSON.stringify(data)}::jsonb` })
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * A number as typed, in international form, to E.164 by the one phone rule (core/phone/parse.ts
 * toE164), in the product API's error shape: 400 INVALID_PHONE (the auth service's requirePhone
 * answers GoTrue's validation_failed for the same rule).
 */
export function requirePhone(number: string): string {
  const e164 = toE164(number);
  if (!e164) throw badRequest('INVALID_PHONE', 'Invalid phone number');
  return e164;
}

/** "Ada Lovelace King" → first "Ada", last "Lovelace King". */
export function splitName(name: string): { first_name: string; last_name: string | null } {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return { first_name: first, last_name: rest.length ? rest.join(' ') : null };
}
