import { describe, expect, it } from 'vitest';
import { MONEY_BACK_DAYS, moneyBackEnd, TRIAL_DAYS, trialEnd } from '../../../core/payments/trial';

describe('trial and money-back dates (SPEC §9), the one computation of the checkout page and the server', () => {
  it('ends a trial 7 days after it starts, to the millisecond', () => {
    expect(TRIAL_DAYS).toBe(7);
    expect(trialEnd(new Date('2026-03-01T10:15:30.250Z')).toISOString()).toBe('2026-03-08T10:15:30.250Z');
  });

  it('counts days of 24 hours across a daylight-saving change (the card is charged 168 hours later)', () => {
    const start = new Date('2026-03-27T12:00:00Z');
    expect(trialEnd(start).getTime() - start.getTime()).toBe(168 * 60 * 60 * 1000);
  });

  it('keeps a payment refundable for 30 days', () => {
    expect(MONEY_BACK_DAYS).toBe(30);
    expect(moneyBackEnd(new Date('2026-01-31T00:00:00Z')).toISOString()).toBe('2026-03-02T00:00:00.000Z');
  });

  it('does not change the date it is given', () => {
    const start = new Date('2026-05-01T00:00:00Z');
    trialEnd(start);
    moneyBackEnd(start);
    expect(start.toISOString()).toBe('2026-05-01T00:00:00.000Z');
  });
});
