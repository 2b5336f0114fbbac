import { codeExpired } from '../../../core/auth-codes';
import type { LandingPage } from '../../../core/contracts/signup';
import type { PendingCodeStep } from '../../../machines/signup.actors';

/*
 * The sign-up's code step outlives a reload and Back/Forward: what was submitted and when the code
 * left (machines/signup.actors.ts `PendingCodeStep`) are kept in this tab's session storage (never
 * local storage: it holds an email and a phone, and ends with the tab) until the code is used, the
 * details are changed, or the code has expired.
 */

const KEY = 'ringwise.signup.codeStep';
/** A clock set back by more than this makes a kept step look sent in the future: not ours to trust. */
const CLOCK_SLACK_MS = 60_000;

export function readPendingCodeStep(landingPage: LandingPage, now = Date.now()): PendingCodeStep | null {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    if (!raw) return null;
    const pending = JSON.parse(raw) as PendingCodeStep;
    const fresh = typeof pending.sentAt === 'number' && !codeExpired(pending.sentAt, now) && now >= pending.sentAt - CLOCK_SLACK_MS;
    if (pending.landingPage !== landingPage || !fresh || typeof pending.values?.email !== 'string') return null;
    return pending;
  } catch {
    // Storage refused (private mode, quota) or a value that is not ours: no step to resume.
    return null;
  }
}

export function rememberCodeStep(pending: PendingCodeStep): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(pending));
  } catch {
    // Without storage the step simply does not survive a reload.
  }
}

export function forgetCodeStep(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Nothing kept, nothing to forget.
  }
}
