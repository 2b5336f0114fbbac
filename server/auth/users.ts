import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema';
import type { AuthUsersTable } from './tables';

export type AuthUserRow = Selectable<AuthUsersTable>;

/** The auth user with this id, or null (also for a string that is not a uuid). */
export async function findAuthUserById(db: Kysely<Database>, id: string): Promise<AuthUserRow | null> {
  if (!UUID.test(id)) return null;
  return (await db.selectFrom('auth_users').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

/** Lookup by E.164 phone (with '+'). */
export async function findAuthUserByPhone(db: Kysely<Database>, phone: string): Promise<AuthUserRow | null> {
  return (await db.selectFrom('auth_users').selectAll().where('phone', '=', phone).executeTakeFirst()) ?? null;
}

/** Lookup by lower-cased email. */
export async function findAuthUserByEmail(db: Kysely<Database>, email: string): Promise<AuthUserRow | null> {
  return (await db.selectFrom('auth_users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst()) ?? null;
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A user's MFA factors, oldest first (the order GoTrue lists them in the user object). */
export function factorsOf(db: Kysely<Database>, userId: string) {
  return db.selectFrom('auth_factors').selectAll().where('user_id', '=', userId).orderBy('created_at', 'asc').execute();
}
