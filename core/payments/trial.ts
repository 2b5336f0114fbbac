import { DAY_MS } from '../durations';

/**
 * SPEC §9: a 7-day free trial, and a 30-day money-back guarantee on every payment. The dates are
 * computed here only: the checkout page's "your trial ends on …", the local provider's and the
 * billing job's trial end, the plans' answer and the refund window all read this file.
 */
export const TRIAL_DAYS = 7;
export const MONEY_BACK_DAYS = 30;

/** When a trial started at `start` ends (and the card is first charged): TRIAL_DAYS later to the millisecond. */
export function trialEnd(start: Date): Date {
  return new Date(start.getTime() + TRIAL_DAYS * DAY_MS);
}

/** The last moment a payment made at `paidAt` may be refunded in full. */
export function moneyBackEnd(paidAt: Date): Date {
  return new Date(paidAt.getTime() + MONEY_BACK_DAYS * DAY_MS);
}
