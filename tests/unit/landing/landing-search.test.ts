import { describe, expect, it } from 'vitest';
import { emailFormSearchSchema, landingSearchSchema, parseLandingSearch } from '../../../src/contracts/signup';

// The landing pages' search params are parsed with zod/mini during the first render; these are the
// rules the chained schema had (SPEC §2/§5), held here.
describe('landing search params (zod/mini)', () => {
  it('reads and trims every prefill, leaving absent ones undefined', () => {
    expect(parseLandingSearch('?email=%20ada@example.com%20&first_name=Ada&company_name=Acme')).toEqual({
      email: 'ada@example.com',
      first_name: 'Ada',
      last_name: undefined,
      company_name: 'Acme',
      phone_number: undefined,
    });
  });

  it('gives a digits-only phone_number its leading +, and reads an unencoded + (a space) the same way', () => {
    expect(parseLandingSearch('?phone_number=33612345678').phone_number).toBe('+33612345678');
    expect(parseLandingSearch('?phone_number=+33612345678').phone_number).toBe('+33612345678');
    expect(landingSearchSchema.parse({ phone_number: 33612345678 }).phone_number).toBe('+33612345678');
    expect(parseLandingSearch('?phone_number=06%2012%2034').phone_number).toBe('06 12 34');
  });

  it('ignores a bad value instead of failing: too long, empty or of the wrong type', () => {
    const long = 'a'.repeat(255);
    expect(parseLandingSearch(`?email=${long}&first_name=%20%20`)).toMatchObject({ email: undefined, first_name: undefined });
    expect(parseLandingSearch(`?phone_number=${'1'.repeat(33)}`).phone_number).toBeUndefined();
    expect(landingSearchSchema.parse({ email: 42, phone_number: { x: 1 } })).toMatchObject({ email: undefined, phone_number: undefined });
  });

  it('/email-form keeps the email only', () => {
    expect(emailFormSearchSchema.parse({ email: ' ada@example.com ', first_name: 'Ada' })).toEqual({ email: 'ada@example.com' });
  });
});
