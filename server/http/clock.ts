/** Time as a dependency, so trial ends, code expiry and rate windows are tested without sleeping. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * The system clock plus an offset that only moves forward. The server uses it outside production so
 * the browser tests can skip real waits (the 60 s resend cooldown) through the loopback-only
 * `POST /dev/clock` (server/dev/plugin.ts) instead of sleeping.
 */
export class AdjustableClock implements Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  advance(ms: number): void {
    if (ms > 0) this.offsetMs += ms;
  }

  get offset(): number {
    return this.offsetMs;
  }
}
