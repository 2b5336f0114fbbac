import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { before, recipientsOf, textList, type ErasurePart, type RetentionRule, type UserStillNeeded } from '../data-lifecycle/lifecycle';
import { accountsProving, proofsOf } from './proofs';

/**
 * The auth service's data lifecycle (docs/data.md): how long its leftover rows are kept (periods
 * after GoTrue's cleanup, supabase/auth internal/models/cleanup.go) and what erasing a person does to
 * its tables. server/retention composes it with the other capabilities'.
 */

/**
 * Its retention rules, in the order the job applies them (sessions before tokens: a session takes
 * its tokens). `stillNeeded`: users another capability keeps, whom the anonymous-users rule spares.
 */
export function authRetentionRules(stillNeeded: UserStillNeeded): RetentionRule[] {
  return [
    {
      name: 'sessions past their end',
      table: 'auth_sessions',
      key: 'id',
      where: (now, p) => sql<boolean>`not_after < ${before(now, p.endedSessionMs)}`,
    },
    {
      // Only with AUTH_SESSION_INACTIVITY_SECONDS; reads auth_sessions whole (an index on refreshed_at
      // would cost every refresh, which writes it), so the plan test runs without it.
      name: 'sessions past their inactivity timeout',
      table: 'auth_sessions',
      key: 'id',
      where: (now, p) => (p.sessionInactivityMs > 0 ? sql<boolean>`refreshed_at < ${before(now, p.sessionInactivityMs + p.endedSessionMs)}` : null),
    },
    {
      name: 'spent refresh tokens',
      table: 'auth_refresh_tokens',
      key: 'id',
      where: (now, p) => sql<boolean>`revoked_at < ${before(now, p.revokedTokenMs)}`,
    },
    {
      name: 'PKCE flow states',
      table: 'auth_flow_states',
      key: 'id',
      where: (now, p) => sql<boolean>`created_at < ${before(now, p.authFlowMs)}`,
    },
    {
      name: 'MFA challenges',
      table: 'auth_challenges',
      key: 'id',
      where: (now, p) => sql<boolean>`created_at < ${before(now, p.authFlowMs)}`,
    },
    {
      name: 'MFA factors never verified',
      table: 'auth_factors',
      key: 'id',
      where: (now, p) => sql<boolean>`status = 'unverified' and created_at < ${before(now, p.authFlowMs)}`,
    },
    {
      // A guest who subscribed keeps their account: the subscription's record needs its owner.
      name: 'anonymous users',
      table: 'auth_users',
      key: 'id',
      where: (now, p) => sql<boolean>`is_anonymous and created_at < ${before(now, p.anonymousUserMs)}
        and not ${stillNeeded(sql.ref('auth_users.id'))}`,
    },
    {
      name: 'one-time codes',
      table: 'auth_otps',
      key: 'id',
      where: (now, p) => sql<boolean>`expires_at < ${before(now, p.codeMs)}`,
    },
    {
      name: 'sent messages (outbox)',
      table: 'auth_outbox',
      key: 'id',
      where: (now, p) => sql<boolean>`created_at < ${before(now, p.outboxMs)}`,
    },
    {
      // A free slot holds nothing back: the next send takes it anew (server/auth/send-rules.ts).
      name: 'free send slots',
      table: 'auth_send_slots',
      key: 'key',
      where: (now) => sql<boolean>`free_at <= ${now}`,
    },
  ];
}

/**
 * Its share of erasure (#41: what the person owns, never a row that belongs to or protects someone
 * else). Before the transaction it marks the account (its tokens refused from then on) and waits
 * until every instance's cached read of the row has expired. In the transaction it reads first:
 * locking the user's row makes twelve erasures at once erase once. It deletes what was sent to the
 * addresses and numbers the person proved (their messages and codes) and drops other accounts'
 * unproven claims on them; the user's row goes last, and with it (foreign keys) sessions, tokens,
 * their codes, factors and their challenges, flow states, and the other capabilities' rows keyed by
 * the user. Cooldown slots are kept until they are free: erasure never resets a send rule.
 */
export const authErasure: ErasurePart = {
  capability: 'auth',
  coverage: {
    auth_users: 'deleted (its own row, after a mark its tokens are refused by); other accounts’ unproven claims (new_email, new_phone) on what it proved are dropped',
    auth_sessions: 'deleted with the user (foreign key)',
    auth_refresh_tokens: 'deleted with the user (foreign key)',
    auth_factors: 'deleted with the user (foreign key); other accounts’ unverified phone factors on a number it proved are dropped',
    auth_challenges: 'deleted with the factors (foreign key)',
    auth_flow_states: 'deleted with the user (foreign key)',
    auth_passkeys: 'deleted with the user (foreign key)',
    auth_passkey_challenges: 'deleted with the user or the session (foreign keys); sign-in challenges name nobody',
    auth_identities: 'deleted with the user (foreign key): a provider account is found by its subject, never erased by an address',
    auth_oauth_states: 'deleted with the user when it links one (foreign key); a sign-in trip names nobody and expires in 300 s',
    auth_otps: 'deleted: the user’s codes and any code sent to an address or number it proved',
    auth_outbox: 'deleted: every message sent to an address or number it proved (messages to mere claims stay, the retention job removes them)',
    auth_send_slots: 'kept until free (60 s at most), then removed by the retention job: a cooldown protects the number, erasure never resets it',
  },
  notPersonal: {
    'auth_settings.name': 'the name of a server setting',
  },

  async before(db, userId, { now, settleMs }) {
    const marked = await db
      .updateTable('auth_users')
      .set((eb) => ({ erasing_since: eb.fn.coalesce('erasing_since', sql<Date>`${now}`) }))
      .where('id', '=', userId)
      .executeTakeFirst();
    // Another instance may have read the row just before the mark: its copy lives settleMs at most.
    if (Number(marked.numUpdatedRows) > 0 && settleMs > 0) await sleep(settleMs);
  },

  async identifiers(trx, userId) {
    await trx.selectFrom('auth_users').select('id').where('id', '=', userId).forUpdate().execute();
    const proved = await proofsOf(trx, userId);
    return {
      emails: proved.filter((proof) => proof.kind === 'email').map((proof) => proof.value),
      phones: proved.filter((proof) => proof.kind === 'phone').map((proof) => proof.value),
    };
  },

  async provedByOthers(trx, userId, { emails, phones }) {
    const proofs = await accountsProving(trx, emails, phones);
    return proofs.filter((proof) => proof.userId !== userId).map((proof) => proof.value);
  },

  async erase(_trx, person, count) {
    const { userId, emails, phones } = person;
    const recipients = recipientsOf(person);
    if (recipients.length > 0) {
      await count('auth_outbox', sql`delete from auth_outbox where recipient in ${textList(recipients)}`);
      await count('auth_otps', sql`delete from auth_otps where recipient in ${textList(recipients)}`);
    }
    // Other accounts' claims on what the person proved: unproven, and the person's data.
    if (emails.length > 0) {
      await count('auth_users', sql`update auth_users set new_email = null where new_email in ${textList(emails)} and id is distinct from ${userId}::uuid`);
    }
    if (phones.length > 0) {
      await count('auth_users', sql`update auth_users set new_phone = null where new_phone in ${textList(phones)} and id is distinct from ${userId}::uuid`);
      await count('auth_factors', sql`delete from auth_factors where phone in ${textList(phones)} and status = 'unverified' and user_id is distinct from ${userId}::uuid`);
    }
    if (userId) await count('auth_users', sql`delete from auth_users where id = ${userId}`);
  },
};

/** Accounts whose erasure was marked before `olderThan` and never finished (the process stopped in between). */
export async function unfinishedErasures(db: Kysely<Database>, olderThan: Date): Promise<string[]> {
  const rows = await db.selectFrom('auth_users').select('id').where('erasing_since', '<', olderThan).limit(100).execute();
  return rows.map((row) => row.id);
}
