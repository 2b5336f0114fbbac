import { z } from 'zod';
import type { CardTestBehaviour } from './tables';

/**
 * Card checks of the local provider: Luhn, expiry, CVC, and the documented test numbers (docs/payments.md). The number and CVC are never stored or logged: only brand, last four and expiry.
 */
export const testCards: Record<string, { behaviour: CardTestBehaviour; at: 'checkout' | 'charge'; label: string }> = {
  '4242424242424242': { behaviour: 'success', at: 'charge', label: 'succeeds' },
  '5555555555554444': { behaviour: 'success', at: 'charge', label: 'succeeds (Mastercard)' },
  '4000000000000002': { behaviour: 'decline', at: 'checkout', label: 'declined at checkout' },
  '4000000000009995': { behaviour: 'insufficient_funds', at: 'checkout', label: 'insufficient funds at checkout' },
  '4000000000000341': { behaviour: 'decline', at: 'charge', label: 'accepted, then declined at the trial-end charge' },
  '4000000000009979': { behaviour: 'insufficient_funds', at: 'charge', label: 'accepted, then insufficient funds at the trial-end charge' },
};

export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let index = digits.length - 1; index >= 0; index -= 1) {
    let digit = Number(digits[index]);
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
    double = !double;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^6(011|5)/.test(digits)) return 'discover';
  return 'card';
}

/** The hosted page's form, as posted (application/x-www-form-urlencoded). */
export const cardFormSchema = z.object({
  name: z.string().trim().max(200).optional().default(''),
  number: z.string().max(40).default(''),
  expiry: z.string().max(10).default(''),
  cvc: z.string().max(10).default(''),
});
export type CardForm = z.input<typeof cardFormSchema>;

export type CardFieldError = 'number' | 'expiry' | 'cvc';
export type CardCheck =
  | { ok: true; card: { brand: string; last4: string; expMonth: number; expYear: number; testBehaviour: CardTestBehaviour | null; declineAtCheckout: CardTestBehaviour | null } }
  | { ok: false; errors: Partial<Record<CardFieldError, 'required' | 'invalid' | 'expired' | 'test_card_in_production'>> };

export function checkCard(form: CardForm, now: Date, production: boolean): CardCheck {
  const parsed = cardFormSchema.parse(form);
  const errors: Partial<Record<CardFieldError, 'required' | 'invalid' | 'expired' | 'test_card_in_production'>> = {};
  const digits = parsed.number.replace(/[\s-]/g, '');
  if (!digits) errors.number = 'required';
  else if (!luhnValid(digits)) errors.number = 'invalid';
  else if (production && testCards[digits]) errors.number = 'test_card_in_production';

  let expMonth = 0;
  let expYear = 0;
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(parsed.expiry);
  if (!parsed.expiry.trim()) errors.expiry = 'required';
  else if (!expiry) errors.expiry = 'invalid';
  else {
    expMonth = Number(expiry[1]);
    expYear = Number(expiry[2]);
    if (expYear < 100) expYear += 2000;
    if (expMonth < 1 || expMonth > 12) errors.expiry = 'invalid';
    // A card is valid through the last day of its expiry month (UTC).
    else if (Date.UTC(expYear, expMonth, 1) <= now.getTime()) errors.expiry = 'expired';
    else if (expYear > now.getUTCFullYear() + 20) errors.expiry = 'invalid';
  }

  const cvc = parsed.cvc.trim();
  const cvcLength = cardBrand(digits) === 'amex' ? 4 : 3;
  if (!cvc) errors.cvc = 'required';
  else if (!new RegExp(`^\\d{${cvcLength}}$`).test(cvc)) errors.cvc = 'invalid';

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const test = testCards[digits];
  return {
    ok: true,
    card: {
      brand: cardBrand(digits),
      last4: digits.slice(-4),
      expMonth,
      expYear,
      testBehaviour: test?.at === 'charge' ? test.behaviour : null,
      declineAtCheckout: test?.at === 'checkout' ? test.behaviour : null,
    },
  };
}
