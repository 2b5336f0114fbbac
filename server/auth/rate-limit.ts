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
    const { count, resetAt } = await this.counter.hit(`auth:${key}`, windowMs);
    if (count <= limit) return 0;
    return Math.max(1, Math.ceil((resetAt - this.clock.now().getTime()) / 1000));
  }
}

/** GoTrue's per-IP defaults (contract §5.1), kept, plus per-recipient limits (stricter, §5.5). */
export const LIMITS = {
  otpPerIp: { limit: 30, windowMs: 5 * 60_000 },
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
