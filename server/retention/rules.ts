import { sql, type RawBuilder } from 'kysely';
import type { RetentionPeriods } from './periods';

/**
 * One kind of row the retention job deletes: from `table`, the rows `where` selects (read through
 * an index: tests/server/data/query-plans checks each rule's plan). `key` identifies a row.
 */
export interface RetentionRule {
  name: string;
  table: string;
  key: string;
  where(now: Date, periods: RetentionPeriods): RawBuilder<boolean> | null;
}

const before = (now: Date, ms: number) => new Date(now.getTime() - ms);

/** Every rule, in the order the job applies them (sessions before tokens: a session takes its tokens). */
export const retentionRules: RetentionRule[] = [
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
    where: (now, p) =>
      sql<boolean>`is_anonymous and created_at < ${before(now, p.anonymousUserMs)}
        and not exists (select 1 from subscriptions s where s.user_id = auth_users.id and s.status in ('trialing', 'active', 'past_due'))`,
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
    name: 'expired checkout sessions',
    table: 'checkout_sessions',
    key: 'id',
    // The expression of index checkout_sessions_unpaid_expiry (migration 0961), whose statistics know
    // unpaid checkouts are recent; `status <> 'complete' and expires_at < $1` was planned as a table read.
    where: (now, p) => sql<boolean>`(case when status <> 'complete' then expires_at end) < ${before(now, p.checkoutMs)}`,
  },
  {
    name: 'applied webhook events',
    table: 'webhook_events',
    key: 'id',
    where: (now, p) => sql<boolean>`received_at < ${before(now, p.webhookEventMs)}`,
  },
  {
    name: 'analytics events',
    table: 'analytics_events',
    key: 'id',
    where: (now, p) => sql<boolean>`time < ${before(now, p.analyticsEventMs)}`,
  },
  {
    // The database hit counter also sweeps these as it counts; an idle server still drops them here.
    name: 'expired rate-limit windows',
    table: 'rate_limit_hits',
    key: 'key',
    where: (now) => sql<boolean>`reset_at <= ${now}`,
  },
  {
    // A free slot holds nothing back: the next send takes it anew (server/auth/send-rules.ts).
    name: 'free send slots',
    table: 'auth_send_slots',
    key: 'key',
    where: (now) => sql<boolean>`free_at <= ${now}`,
  },
];
