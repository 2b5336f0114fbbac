import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { storedPhone } from '../../core/phone/spelling';

/** What another capability may know of an account: the auth service's own rows stay its own. */
export interface AuthIdentity {
  id: string;
  email: string | null;
  /** E.164, with '+'. */
  phone: string | null;
  isAnonymous: boolean;
  emailConfirmed: boolean;
  phoneConfirmed: boolean;
}

interface IdentityRow {
  id: string;
  email: string | null;
  phone: string | null;
  is_anonymous: boolean;
  email_confirmed_at: Date | null;
  phone_confirmed_at: Date | null;
}

/**
 * The auth service's answers about its accounts, for the other capabilities (`app.authService.accounts`):
 * the product API, payments, functions and the development pages ask here instead of reading the
 * auth_* tables, so the auth capability alone knows how it stores them (the email kept lower-case,
 * the phone with its '+' by a CHECK, a pending claim in new_email). A unit test fails when a file
 * outside server/auth names one of its tables (tests/server/foundation/table-owners.test.ts).
 */
export class AccountDirectory {
  constructor(private readonly db: Kysely<Database>) {}

  /** The account with this id, or null. */
  async identity(userId: string): Promise<AuthIdentity | null> {
    const { rows } = await sql<IdentityRow>`
      select id, email, phone, is_anonymous, email_confirmed_at, phone_confirmed_at
      from auth_users where id = ${userId}`.execute(this.db);
    const row = rows[0];
    return row ? toIdentity(row) : null;
  }

  /** The accounts with these ids (missing ones left out), in one query. */
  async identities(userIds: readonly string[]): Promise<Map<string, AuthIdentity>> {
    if (userIds.length === 0) return new Map();
    const { rows } = await sql<IdentityRow>`
      select id, email, phone, is_anonymous, email_confirmed_at, phone_confirmed_at
      from auth_users where id = any(${[...userIds]}::uuid[])`.execute(this.db);
    return new Map(rows.map((row) => [row.id, toIdentity(row)]));
  }

  /** The account that signs in with this proven email and the one with this phone (both unique), in one round trip. */
  async idsByEmailAndPhone(email: string, phone: string | undefined): Promise<{ byEmail: string | null; byPhone: string | null }> {
    const { rows } = await sql<{ by_email: string | null; by_phone: string | null }>`
      select (select id from auth_users where email = ${email.toLowerCase()}) as by_email,
             (select id from auth_users where phone = ${phone ?? null}) as by_phone`.execute(this.db);
    return { byEmail: rows[0]?.by_email ?? null, byPhone: rows[0]?.by_phone ?? null };
  }

  /** Ids of the accounts whose id, proven email (any case) or phone (as stored) is this value. */
  async idsMatching(value: string, kind: 'id' | 'email-or-phone'): Promise<string[]> {
    const { rows } =
      kind === 'id'
        ? await sql<{ id: string }>`select id from auth_users where id = ${value}`.execute(this.db)
        : // One indexed lookup per column: auth_users.email is lower-case by a CHECK, phone is indexed.
          await sql<{ id: string }>`
            select id from auth_users where email = ${value.toLowerCase()}
            union select id from auth_users where phone = ${value}`.execute(this.db);
    return rows.map((row) => row.id);
  }

  /** Whether an account holds this email as an unconfirmed claim (given at its sign-up, not proven yet). */
  async emailClaimed(email: string): Promise<boolean> {
    const { rows } = await sql<{ claimed: boolean }>`select exists (select 1 from auth_users where new_email = ${email.toLowerCase()}) as claimed`.execute(this.db);
    return Boolean(rows[0]?.claimed);
  }

  /**
   * Another account signs in with this address (case-insensitive). Only proven addresses count: the
   * auth service keeps an email in auth_users.email once confirmed (decision 103).
   */
  async emailTakenByAnother(email: string, userId: string): Promise<boolean> {
    // auth_users.email is kept lower-case by a CHECK: comparing the column itself uses its unique index.
    const { rows } = await sql<{ taken: boolean }>`
      select exists (select 1 from auth_users where email = ${email.toLowerCase()} and id <> ${userId}) as taken`.execute(this.db);
    return Boolean(rows[0]?.taken);
  }

  /** Another account signs in with this E.164 number (auth_users keeps the '+': a CHECK since migration 0100; core/phone/spelling.ts). */
  async phoneTakenByAnother(phone: string, userId: string): Promise<boolean> {
    const { rows } = await sql<{ taken: boolean }>`
      select exists (select 1 from auth_users where phone = ${phone} and id <> ${userId}) as taken`.execute(this.db);
    return Boolean(rows[0]?.taken);
  }

  /** The latest messages sent, newest first, to one recipient (as the service spells it) or to anyone. */
  async sentMessages(recipient: string | null, limit: number) {
    let query = this.db
      .selectFrom('auth_outbox')
      .select(['id', 'channel', 'recipient', 'subject', 'body', 'code', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit);
    if (recipient) query = query.where('recipient', '=', recipient);
    return (await query.execute()).map((row) => ({ ...row, created_at: new Date(row.created_at).toISOString() }));
  }
}

function toIdentity(row: IdentityRow): AuthIdentity {
  return {
    id: row.id,
    email: row.email,
    phone: storedPhone(row.phone),
    isAnonymous: row.is_anonymous,
    emailConfirmed: row.email_confirmed_at !== null,
    phoneConfirmed: row.phone_confirmed_at !== null,
  };
}
