import { describe, expect, it } from 'vitest';
import { landingSearchFrom, parseEmailFormSearch, parseLandingSearch } from '../../../core/contracts/signup';

// The landing pages' search params are read during the first render with plain checks (no zod);
// these are the rules of SPEC §2/§5 that the earlier zod schemas had, held here.
describe('landing search params', () => {
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
    expect(landingSearchFrom({ phone_number: 33612345678 }).phone_number).toBe('+33612345678');
    expect(parseLandingSearch('?phone_number=06%2012%2034').phone_number).toBe('06 12 34');
  });

  it('#37.5: leaves a national phone_number (leading 0) for the field to read in the visitor\'s country, never "+0…"', () => {
    expect(parseLandingSearch('?phone_number=0612345678').phone_number).toBe('0612345678');
    expect(parseLandingSearch('?phone_number=%2B0612345678').phone_number).toBe('0612345678');
    expect(parseLandingSearch('?phone_number=0033612345678').phone_number).toBe('+33612345678');
    expect(landingSearchFrom({ phone_number: '0612345678' }).phone_number).toBe('0612345678');
  });

  it('ignores a bad value instead of failing: too long, empty or of the wrong type', () => {
    const long = 'a'.repeat(255);
    expect(parseLandingSearch(`?email=${long}&first_name=%20%20`)).toMatchObject({ email: undefined, first_name: undefined });
    expect(parseLandingSearch(`?email=${'a'.repeat(254)}`).email).toBe('a'.repeat(254));
    // The length limit applies to the trimmed text.
    expect(parseLandingSearch(`?email=%20${'a'.repeat(254)}%20`).email).toBe('a'.repeat(254));
    expect(parseLandingSearch(`?phone_number=${'1'.repeat(33)}`).phone_number).toBeUndefined();
    expect(parseLandingSearch(`?phone_number=${'1'.repeat(32)}`).phone_number).toBe(`+${'1'.repeat(32)}`);
    expect(landingSearchFrom({ email: 42, phone_number: { x: 1 } })).toMatchObject({ email: undefined, phone_number: undefined });
    expect(landingSearchFrom({ phone_number: Number.NaN }).phone_number).toBeUndefined();
  });

  it('/email-form keeps the email only', () => {
    expect(parseEmailFormSearch('?email=%20ada@example.com%20&first_name=Ada')).toEqual({ email: 'ada@example.com' });
    expect(parseEmailFormSearch('?first_name=Ada')).toEqual({ email: undefined });
  });
});
