/** Time as a dependency, so trial ends, code expiry and rate windows are tested without sleeping. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
