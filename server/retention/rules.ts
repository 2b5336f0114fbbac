import { analyticsRetentionRules } from '../analytics/data-lifecycle';
import { authRetentionRules } from '../auth/data-lifecycle';
import { captchaRetentionRules } from '../captcha/data-lifecycle';
import { holdsLiveSubscription, paymentsRetentionRules } from '../payments/data-lifecycle';
import { rateLimitRetentionRules } from '../rate-limits/data-lifecycle';
import type { RetentionRule } from '../data-lifecycle/lifecycle';

/**
 * Every rule, in the order the job applies them: each capability's own, from its
 * data-lifecycle.ts (the auth service's keep sessions before tokens: a session takes its tokens).
 * The auth service spares the anonymous users payments still needs, without naming its tables.
 */
export const retentionRules: RetentionRule[] = [
  ...authRetentionRules(holdsLiveSubscription),
  ...paymentsRetentionRules,
  ...analyticsRetentionRules,
  ...rateLimitRetentionRules,
  ...captchaRetentionRules,
];
