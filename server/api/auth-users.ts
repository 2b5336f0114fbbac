import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { storedPhone } from '../../core/phone/spelling';

/** What the product API reads from the auth service's `auth_users` table (owned by auth). */
export interface AuthIdentity {
  id: string;
  email: string | null;
  phone: string | null;
  isAnonymous: boolean;
  emailConfirmed: boolean;
  phoneConfirmed: boolean;
}

interface AuthUserRow {
  id: string;
  email: string | null;
  phone: string | null;
  is_anonymous: boolean;
  email_confirmed_at: Date | null;
  phone_confirmed_at: Date | null;
}

// Raw SQL on purpose: these columns are the documented cross-team contract of auth_users, and this
// keeps the product API independent of how the auth capability types its own tables.
export async function findAuthIdentity(db: Kysely<Database>, userId: string): Promise<AuthIdentity | null> {
  const { rows } = await sql<AuthUserRow>`
    select id, email, phone, is_anonymous, email_confirmed_at, phone_confirmed_at
    from auth_users where id = ${userId}`.execute(db);
  const row = rows[0];
  return row ? toIdentity(row) : null;
}

/** Another account (auth identity or profile) already using this E.164 number. */
export async function phoneTakenByAnother(db: Kysely<Database>, phone: string, userId: string): Promise<boolean> {
  // auth_users keeps the '+' (a CHECK since migration 0100; core/phone/spelling.ts).
  const { rows } = await sql<{ taken: boolean }>`
    select exists (select 1 from auth_users where phone = ${phone} and id <> ${userId})
        or exists (select 1 from profiles where phone = ${phone} and user_id <> ${userId}) as taken`.execute(db);
  return Boolean(rows[0]?.taken);
}

/**
 * Another account signs in with this address (case-insensitive). Only proven addresses count: the
 * auth service keeps an email in auth_users.email once confirmed; another profile merely naming it
 * is a claim and must not lock its owner out (decision 103).
 */
export async function emailTakenByAnother(db: Kysely<Database>, email: string, userId: string): Promise<boolean> {
  // auth_users.email is kept lower-case by a CHECK: comparing the column itself uses its unique index.
  const { rows } = await sql<{ taken: boolean }>`
    select exists (select 1 from auth_users where email = ${email.toLowerCase()} and id <> ${userId}) as taken`.execute(db);
  return Boolean(rows[0]?.taken);
}

function toIdentity(row: AuthUserRow): AuthIdentity {
  return {
    id: row.id,
    email: row.email,
    phone: storedPhone(row.phone),
    isAnonymous: row.is_anonymous,
    emailConfirmed: row.email_confirmed_at !== null,
    phoneConfirmed: row.phone_confirmed_at !== null,
  };
}
