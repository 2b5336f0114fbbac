/**
 * The send and lookup budgets (docs/security.md) sized for a test harness or a benchmark, where every sign-up of a
 * suite comes from one address and numbers share a few blocks. Tests of the budgets themselves name
 * their own values; the attack proofs run with the defaults.
 */
export const roomyLimits = {
  SMS_PER_CLIENT_PER_HOUR: '100000',
  SMS_PER_ACCOUNT_PER_HOUR: '100000',
  SMS_PER_PREFIX_PER_HOUR: '100000',
  SMS_PER_COUNTRY_PER_HOUR: '100000',
  SMS_PER_HOUR: '100000',
  LOOKUPS_PER_CLIENT_PER_HOUR: '100000',
  LOOKUPS_PER_ACCOUNT_PER_HOUR: '100000',
} as const;
