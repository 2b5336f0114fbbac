import type { Env } from '../config/env';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * How long each kind of leftover row is kept, from the RETENTION_* variables (server/config/env.ts,
 * documented in docs/data.md). The auth ones follow GoTrue's cleanup (supabase/auth
 * internal/models/cleanup.go).
 */
export interface RetentionPeriods {
  /** A spent refresh token, after it was spent (GoTrue: 24 h). */
  revokedTokenMs: number;
  /** A session past its end: its lifetime (not_after) or its inactivity timeout (GoTrue: 72 h). */
  endedSessionMs: number;
  /** The auth service's own inactivity timeout (0: none), whose sessions end too. */
  sessionInactivityMs: number;
  /** PKCE flow states, MFA challenges and factors never verified, after creation (GoTrue: 24 h). */
  authFlowMs: number;
  /** Anonymous users, after creation (GoTrue: 30 days). */
  anonymousUserMs: number;
  /** One-time codes, after they expired (used ones expire minutes after they were sent). */
  codeMs: number;
  /** Sent messages (they name their recipient), after they were written. */
  outboxMs: number;
  /** Checkout sessions that expired unpaid, after they expired. */
  checkoutMs: number;
  /** Provider webhook events already applied (replays are refused while the event is kept). */
  webhookEventMs: number;
  /** Analytics events, after they happened. */
  analyticsEventMs: number;
}

export function retentionPeriods(env: Env): RetentionPeriods {
  return {
    revokedTokenMs: env.RETENTION_REVOKED_TOKEN_HOURS * HOUR_MS,
    endedSessionMs: env.RETENTION_ENDED_SESSION_HOURS * HOUR_MS,
    sessionInactivityMs: env.AUTH_SESSION_INACTIVITY_SECONDS * 1000,
    authFlowMs: env.RETENTION_AUTH_FLOW_HOURS * HOUR_MS,
    anonymousUserMs: env.RETENTION_ANONYMOUS_USER_DAYS * DAY_MS,
    codeMs: env.RETENTION_CODE_HOURS * HOUR_MS,
    outboxMs: env.RETENTION_OUTBOX_HOURS * HOUR_MS,
    checkoutMs: env.RETENTION_CHECKOUT_DAYS * DAY_MS,
    webhookEventMs: env.RETENTION_WEBHOOK_EVENT_DAYS * DAY_MS,
    analyticsEventMs: env.RETENTION_ANALYTICS_DAYS * DAY_MS,
  };
}
