import type { Env } from '../config/env';
import type { RetentionPeriods } from '../data-lifecycle/lifecycle';
import { DAY_MS, HOUR_MS } from '../../core/durations';

/**
 * How long each kind of leftover row is kept (the RetentionPeriods of ../data-lifecycle/lifecycle),
 * from the RETENTION_* variables (server/config/env.ts, documented in docs/data.md).
 */
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
