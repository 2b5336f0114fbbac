import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { AuthApiError } from './errors';

/**
 * Verification tries per MFA factor, whatever the challenge: 10 in 15 minutes. A new challenge
 * every 5 tries no longer resets anything, so guessing a TOTP (about 3 codes in a million accepted
 * per try, one step either side) takes on the order of a year per factor instead of hours. The
 * owner's success resets the count.
 */
export const FACTOR_VERIFY_LIMIT = { limit: 10, windowMs: 15 * 60_000 } as const;

/**
 * Takes one try for the factor with one atomic `update … returning` (the window restarts when it
 * has passed), or throws 429 over_request_rate_limit with the seconds until the window ends.
 */
export async function takeFactorTry(db: Kysely<Database>, factorId: string, now: Date): Promise<void> {
  const windowPassed = sql<boolean>`(verify_window_started_at is null or verify_window_started_at <= ${new Date(now.getTime() - FACTOR_VERIFY_LIMIT.windowMs)})`;
  const taken = await db
    .updateTable('auth_factors')
    .set({
      verify_attempts: sql<number>`case when ${windowPassed} then 1 else verify_attempts + 1 end`,
      verify_window_started_at: sql<Date>`case when ${windowPassed} then ${now}::timestamptz else verify_window_started_at end`,
    })
    .where('id', '=', factorId)
    .where((eb) => eb.or([eb(windowPassed, '=', true), eb('verify_attempts', '<', FACTOR_VERIFY_LIMIT.limit)]))
    .returning('verify_attempts')
    .executeTakeFirst();
  if (taken) return;
  const row = await db.selectFrom('auth_factors').select('verify_window_started_at').where('id', '=', factorId).executeTakeFirst();
  const endsAt = row?.verify_window_started_at ? new Date(row.verify_window_started_at).getTime() + FACTOR_VERIFY_LIMIT.windowMs : now.getTime();
  const seconds = Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000));
  throw new AuthApiError(429, 'over_request_rate_limit', `Too many verification attempts for this factor, try again in ${seconds} seconds`, { 'retry-after': String(seconds) });
}

/** The owner got it right: the next mistakes start a new count. */
export async function resetFactorTries(db: Kysely<Database>, factorId: string): Promise<void> {
  await db.updateTable('auth_factors').set({ verify_attempts: 0, verify_window_started_at: null }).where('id', '=', factorId).execute();
}
