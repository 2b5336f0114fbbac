import { e164Spelling } from '../phone/spelling';

/**
 * What a free trial is remembered by after the account is gone (#37.4, docs/decisions/3704-one-trial-per-person.md):
 * the proven phone number, the proven email address and the card. The values are written the way
 * the auth service stores them (E.164 with its '+', addresses trimmed and lower-cased), so a number
 * typed "06 12…" or an address typed "Ann@X.com" gives the same mark as the one proven before.
 */
export type TrialMarkKind = 'phone' | 'email' | 'card';

/** How long a mark is kept after the trial it records started (docs/data.md). */
export const TRIAL_MARK_RETENTION_DAYS = 3 * 365;

export function trialMarkValue(kind: TrialMarkKind, value: string): string {
  switch (kind) {
    case 'phone':
      return e164Spelling(value);
    case 'email':
      return value.trim().toLowerCase();
    case 'card':
      return value.trim();
  }
}
