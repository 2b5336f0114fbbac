import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * What an account PROVED it holds (#41): an email or phone confirmed on the account (a code or link
 * it received), or the number of a verified phone factor (a code texted on challenge). Everything
 * else an account holds is a claim: a pending change (new_email, new_phone), a factor never
 * verified, what the product's profile was typed. Erasure follows proofs only: a claim never finds
 * another person's rows.
 */
export interface Proof {
  userId: string;
  kind: 'email' | 'phone';
  /** As stored: the email lower-case, the phone E.164 with '+'. */
  value: string;
}

/** What this account proved. */
export async function proofsOf(db: Kysely<Database>, userId: string): Promise<Proof[]> {
  const { rows } = await sql<{ value: string; kind: 'email' | 'phone' }>`
    select email as value, 'email' as kind from auth_users where id = ${userId} and email is not null and email_confirmed_at is not null
    union select phone, 'phone' from auth_users where id = ${userId} and phone is not null and phone_confirmed_at is not null
    union select phone, 'phone' from auth_factors where user_id = ${userId} and factor_type = 'phone' and status = 'verified' and phone is not null`.execute(db);
  return rows.map((row) => ({ userId, kind: row.kind, value: row.value }));
}

/**
 * Every account that proved one of these addresses or numbers (each found through a unique index or
 * auth_factors_phone, migration 1040). `phones` in the stored spelling.
 */
export async function accountsProving(db: Kysely<Database>, emails: readonly string[], phones: readonly string[]): Promise<Proof[]> {
  if (emails.length === 0 && phones.length === 0) return [];
  const { rows } = await sql<{ user_id: string; value: string; kind: 'email' | 'phone' }>`
    select id as user_id, email as value, 'email' as kind from auth_users where email = any(${[...emails]}::text[]) and email_confirmed_at is not null
    union select id, phone, 'phone' from auth_users where phone = any(${[...phones]}::text[]) and phone_confirmed_at is not null
    union select user_id, phone, 'phone' from auth_factors where phone = any(${[...phones]}::text[]) and factor_type = 'phone' and status = 'verified'`.execute(db);
  return rows.map((row) => ({ userId: row.user_id, kind: row.kind, value: row.value }));
}

/**
 * Whether an account other than `userId` holds this number: as its phone (confirmed or being
 * signed up with) or as a verified phone factor. A phone factor never takes it (#41): enrolment asks
 * within the lookup budget, and verification asks again (the other account may have taken it since).
 */
export async function phoneHeldByAnother(db: Kysely<Database>, phone: string, userId: string): Promise<boolean> {
  const { rows } = await sql<{ held: number }>`
    select 1 as held from auth_users where phone = ${phone} and id <> ${userId}
    union all select 1 from auth_factors where phone = ${phone} and factor_type = 'phone' and status = 'verified' and user_id <> ${userId}
    limit 1`.execute(db);
  return rows.length > 0;
}
