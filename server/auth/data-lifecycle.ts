import { sql } from 'kysely';
import { before, keysNaming, recipientsOf, textList, type ErasurePart, type RetentionRule, type UserStillNeeded } from '../data-lifecycle/lifecycle';

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
 * Its share of erasure. It reads first: locking the user's row makes twelve erasures at once erase
 * once (later ones find nothing). The user's row goes last, and with it (foreign keys) sessions,
 * tokens, codes, factors and their challenges, flow states, and the other capabilities' rows keyed
 * by the user.
 */
export const authErasure: ErasurePart = {
  capability: 'auth',
  coverage: {
    auth_users: 'deleted (its own row); other accounts’ unproven claims on the address are dropped',
    auth_sessions: 'deleted with the user (foreign key)',
    auth_refresh_tokens: 'deleted with the user (foreign key)',
    auth_factors: 'deleted with the user (foreign key)',
    auth_challenges: 'deleted with the factors (foreign key)',
    auth_flow_states: 'deleted with the user (foreign key)',
    auth_otps: 'deleted: the user’s codes and any code sent to their addresses or numbers',
    auth_outbox: 'deleted: every message sent to their addresses or numbers',
    auth_send_slots: 'deleted: the cooldown slots of their addresses and numbers',
  },
  notPersonal: {
    'auth_settings.name': 'the name of a server setting',
  },

  async identifiers(trx, userId) {
    await trx.selectFrom('auth_users').select('id').where('id', '=', userId).forUpdate().execute();
    const { rows } = await sql<{ value: string | null; kind: 'email' | 'phone' }>`
      select email as value, 'email' as kind from auth_users where id = ${userId}
      union select new_email, 'email' from auth_users where id = ${userId}
      union select phone, 'phone' from auth_users where id = ${userId}
      union select new_phone, 'phone' from auth_users where id = ${userId}
      union select phone, 'phone' from auth_factors where user_id = ${userId}`.execute(trx);
    return {
      emails: rows.filter((row) => row.kind === 'email').map((row) => row.value),
      phones: rows.filter((row) => row.kind === 'phone').map((row) => row.value),
    };
  },

  async erase(_trx, person, count) {
    const recipients = recipientsOf(person);
    if (recipients.length > 0) {
      await count('auth_outbox', sql`delete from auth_outbox where recipient in ${textList(recipients)}`);
      await count('auth_otps', sql`delete from auth_otps where recipient in ${textList(recipients)}`);
      await count('auth_send_slots', sql`delete from auth_send_slots where key like any(${keysNaming(person)}::text[])`);
    }
    if (person.emails.length > 0) {
      await count('auth_users', sql`update auth_users set new_email = null where new_email in ${textList(person.emails)} and id <> ${person.userId}`);
    }
    await count('auth_users', sql`delete from auth_users where id = ${person.userId}`);
  },
};
