import type { Clock } from '../http/clock';
import type { HitCounter } from '../rate-limits/hit-counter';

/**
 * GoTrue-style limits over the app's hit counter (in memory, or shared through the database).
 * Keys look like `otp:ip:1.2.3.4` or `verify:client:1.2.3.4:+336…`.
 */
export class RateLimiter {
  constructor(
    private readonly counter: HitCounter,
    private readonly clock: Clock,
  ) {}

  /** Counts one hit; returns the seconds to wait when over `limit` per `windowMs`, else 0. */
  async hit(key: string, limit: number, windowMs: number): Promise<number> {
    return (await this.count(key, limit, windowMs)).wait;
  }

  /** Counts one hit; the count in the window so far (this one included) and the seconds to wait when over `limit`. */
  async count(key: string, limit: number, windowMs: number): Promise<{ count: number; wait: number }> {
    const { count, resetAt } = await this.counter.hit(`auth:${key}`, windowMs);
    if (count <= limit) return { count, wait: 0 };
    return { count, wait: Math.max(1, Math.ceil((resetAt - this.clock.now().getTime()) / 1000)) };
  }

  /** The hits counted in `key`'s open window, without counting one. */
  async peek(key: string): Promise<number> {
    return (await this.counter.peek(`auth:${key}`)).count;
  }
}

/**
 * The proof of work an unproven code send pays (decision 1000, docs/security.md). A send's ALTCHA
 * challenge has maxNumber = baseMaxNumber × 2^level: a client tries maxNumber / 2 SHA-256 keys on
 * average (measured: ~0.15 s of one core in Node at level 0, a second or two on a phone). The level
 * rises with pressure counted over the past hour: one level per doubling of the asker's address's
 * texts past `addressFree` (at most `maxAddressLevel`), plus one per doubling of its country's or the
 * total's past `countryFree` / `totalFree` (at most `maxSharedLevel`, so a person in a country under
 * attack pays ×4, not a lockout). So the k-th text from one address costs about k / addressFree
 * times the first, and a botnet's bill grows with the square of what it sends from each address.
 * A send may spend a challenge one level below its price (the pressure moved while it was solved).
 */
export const SEND_WORK = {
  baseMaxNumber: 100_000,
  addressFree: 5,
  countryFree: 50,
  totalFree: 200,
  maxAddressLevel: 6,
  maxSharedLevel: 2,
  /** Challenges one address may fetch per minute (each costs the server a few counter reads): an office of 50 fetching two each. */
  challengesPerIp: { limit: 120, windowMs: 60_000 },
} as const;

/** GoTrue's per-IP defaults (contract §5.1), kept but for code sends, plus per-recipient limits (stricter, §5.5). */
export const LIMITS = {
  /**
   * Code sends (and resends, recoveries) per address: GoTrue's 30 per 5 minutes would refuse an
   * office of 50 signing up together (decision 1000); each send now pays a captcha, and texts are
   * held by the hourly budgets and their rising work.
   */
  otpPerIp: { limit: 60, windowMs: 5 * 60_000 },
  verifyPerIp: { limit: 30, windowMs: 5 * 60_000 },
  /**
   * Checks by one client on one address. Not per address alone: that would let anyone lock the
   * owner out. A guesser is held by this, by the 5 tries each code allows, and by the sends an
   * address may receive (10 codes an hour: at most 50 checks an hour on one account, from any
   * number of clients); the owner's new code works after the 60 s resend cooldown.
   */
  verifyPerClientAndRecipient: { limit: 10, windowMs: 15 * 60_000 },
  tokenPerIp: { limit: 150, windowMs: 5 * 60_000 },
  anonymousPerIp: { limit: 30, windowMs: 60 * 60_000 },
  userUpdatePerIp: { limit: 30, windowMs: 5 * 60_000 },
  mfaPerIp: { limit: 15, windowMs: 60_000 },
  /** Sends to one address per hour, on top of the 60 s cooldown. */
  sendsPerRecipient: { limit: 10, windowMs: 60 * 60_000 },
} as const;
