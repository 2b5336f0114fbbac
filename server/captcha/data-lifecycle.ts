import { sql } from 'kysely';
import type { RetentionRule } from '../data-lifecycle/lifecycle';

/**
 * The captcha's data lifecycle (docs/data.md): a spent challenge or token is remembered only while
 * it could still be replayed, i.e. until it would have expired; then the retention job deletes it.
 * It names no person (a signature or a token's hash), so erasure has nothing to do here.
 */
export const captchaRetentionRules: RetentionRule[] = [
  {
    name: 'spent captcha challenges past their expiry',
    table: 'captcha_spent',
    key: 'key',
    where: (now) => sql<boolean>`expires_at <= ${now}`,
  },
];
