/**
 * Passkey budgets per client address, through the auth service's shared hit counter
 * (`AuthService.limit`, 429 over_request_rate_limit). Sign-in options are the stranger-facing
 * route (GoTrue rate-limits it and asks for the captcha); each answer stores a challenge row, so
 * its budget also bounds what a flood can write. Verifies are held by the spent-once challenge and
 * get their own budget so a guesser cannot hammer the signature check.
 */
export const PASSKEY_LIMITS = {
  /** 12 a minute from one address: an office behind one NAT signing in at nine still fits. */
  authenticationOptionsPerIp: { limit: 60, windowMs: 5 * 60_000 },
  authenticationVerifyPerIp: { limit: 60, windowMs: 5 * 60_000 },
  /** Adding and removing, per account (people behind one address do not share it). */
  managePerUser: { limit: 30, windowMs: 5 * 60_000 },
} as const;
