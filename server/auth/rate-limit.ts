import type { Clock } from '../http/clock';

/**
 * Fixed-window counters per key, in memory (one instance; see README for several). Keys look like
 * `otp:ip:1.2.3.4` or `verify:recipient:+336…`.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly clock: Clock) {}

  /** Counts one hit; returns the seconds to wait when over `limit` per `windowMs`, else 0. */
  hit(key: string, limit: number, windowMs: number): number {
    const now = this.clock.now().getTime();
    const current = this.windows.get(key);
    if (!current || now - current.start >= windowMs) {
      this.windows.set(key, { start: now, count: 1 });
      if (this.windows.size > 50_000) this.sweep(now, windowMs);
      return 0;
    }
    current.count += 1;
    if (current.count <= limit) return 0;
    return Math.max(1, Math.ceil((current.start + windowMs - now) / 1000));
  }

  private sweep(now: number, windowMs: number): void {
    for (const [key, value] of this.windows) if (now - value.start >= windowMs) this.windows.delete(key);
  }
}

/** GoTrue's per-IP defaults (contract §5.1), kept, plus per-recipient limits (stricter, §5.5). */
export const LIMITS = {
  otpPerIp: { limit: 30, windowMs: 5 * 60_000 },
  verifyPerIp: { limit: 30, windowMs: 5 * 60_000 },
  verifyPerRecipient: { limit: 15, windowMs: 15 * 60_000 },
  tokenPerIp: { limit: 150, windowMs: 5 * 60_000 },
  anonymousPerIp: { limit: 30, windowMs: 60 * 60_000 },
  userUpdatePerIp: { limit: 30, windowMs: 5 * 60_000 },
  mfaPerIp: { limit: 15, windowMs: 60_000 },
  /** Sends to one address per hour, on top of the 60 s cooldown. */
  sendsPerRecipient: { limit: 10, windowMs: 60 * 60_000 },
} as const;
