import { describe, expect, it } from 'vitest';
import { cardBrand, checkCard, luhnValid, testCards } from '../../../server/payments/cards';
import { addInterval, nextChargeAmount } from '../../../server/payments/billing';
import { yearlySavings } from '../../../server/payments/plans';

const now = new Date('2026-03-02T09:00:00Z');

describe('card checks', () => {
  it('applies the Luhn check', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('79927398713')).toBe(false); // too short for a card
    for (const number of Object.keys(testCards)) expect(luhnValid(number)).toBe(true);
  });

  it('knows the brands', () => {
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
  });

  it('checks expiry and CVC', () => {
    expect(checkCard({ number: '4242 4242 4242 4242', expiry: '03/26', cvc: '123' }, now, false)).toMatchObject({ ok: true });
    expect(checkCard({ number: '4242424242424242', expiry: '02/26', cvc: '123' }, now, false)).toEqual({ ok: false, errors: { expiry: 'expired' } });
    expect(checkCard({ number: '4242424242424242', expiry: '13/30', cvc: '12' }, now, false)).toEqual({ ok: false, errors: { expiry: 'invalid', cvc: 'invalid' } });
    expect(checkCard({ number: '', expiry: '', cvc: '' }, now, false)).toEqual({ ok: false, errors: { number: 'required', expiry: 'required', cvc: 'required' } });
    expect(checkCard({ number: '378282246310005', expiry: '12/30', cvc: '1234' }, now, false)).toMatchObject({ ok: true, card: { brand: 'amex', last4: '0005' } });
  });

  it('maps test cards to their outcome and refuses them in production', () => {
    expect(checkCard({ number: '4000000000000002', expiry: '12/30', cvc: '123' }, now, false)).toMatchObject({ ok: true, card: { declineAtCheckout: 'decline' } });
    expect(checkCard({ number: '4000000000000341', expiry: '12/30', cvc: '123' }, now, false)).toMatchObject({ ok: true, card: { testBehaviour: 'decline', declineAtCheckout: null } });
    expect(checkCard({ number: '4242424242424242', expiry: '12/30', cvc: '123' }, now, true)).toEqual({ ok: false, errors: { number: 'test_card_in_production' } });
  });
});

describe('billing arithmetic', () => {
  it('adds intervals in UTC, clamping to the month end', () => {
    expect(addInterval(new Date('2026-01-31T10:00:00Z'), 'monthly').toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addInterval(new Date('2028-02-29T10:00:00Z'), 'yearly').toISOString()).toBe('2029-02-28T10:00:00.000Z');
    expect(addInterval(new Date('2026-12-15T00:00:00Z'), 'monthly').toISOString()).toBe('2027-01-15T00:00:00.000Z');
  });

  it('applies a promotion only while it has charges left', () => {
    const base = { unit_amount: 4900, seats: 2, percent_off: 10 };
    expect(nextChargeAmount({ ...base, discounted_charges_left: 1 })).toBe(8820);
    expect(nextChargeAmount({ ...base, discounted_charges_left: 0 })).toBe(9800);
    expect(nextChargeAmount({ ...base, discounted_charges_left: null })).toBe(8820);
    expect(nextChargeAmount({ ...base, percent_off: null, discounted_charges_left: null })).toBe(9800);
  });

  it('computes the yearly discount and per-seat savings', () => {
    expect(yearlySavings(4900, 46800)).toEqual({ percent: 20, perSeat: 12000 });
    expect(yearlySavings(7900, 75600)).toEqual({ percent: 20, perSeat: 19200 });
    expect(yearlySavings(1000, 12000)).toEqual({ percent: 0, perSeat: 0 });
  });
});
