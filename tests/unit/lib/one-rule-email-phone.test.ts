import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, emailDomain, isEmailAddress } from '../../../core/email/email-address';
import { emailAddressSchema } from '../../../core/email/email-schema';
import { emailSignupSchema, signInSchema } from '../../../core/contracts/signup-forms';
import { E164_PATTERN } from '../../../core/phone/spelling';
import { mfaPhoneSchema } from '../../../src/platform/verification/mfa';
import { parseOnboardingSearch } from '../../../machines/onboarding.search';

/** #38.5: an email address and an E.164 number are each one rule, whichever side checks them. */
const local = (length: number) => 'a'.repeat(length);
const atLength = (length: number) => `${local(length - '@acme-widgets.com'.length)}@acme-widgets.com`;
const addresses = ['ada@acme-widgets.com', 'a.b+c@x.io', "o'neil@acme.fr", 'no-at-sign', 'two@@acme.com', 'dot.@acme.com', 'a@b', 'a@-acme.com', ' ada@acme.com', 'ada@acme.c', atLength(254), atLength(255)];

describe('one email rule', () => {
  it('the plain check, the payload schema, zod’s own email and every form agree, up to 254 characters', () => {
    expect(EMAIL_MAX_LENGTH).toBe(254);
    expect(new RegExp(EMAIL_PATTERN.source).test('ada@acme-widgets.com')).toBe(true);
    for (const address of addresses) {
      const expected = z.email().max(254).safeParse(address).success;
      expect([address, isEmailAddress(address)]).toEqual([address, expected]);
      expect([address, emailAddressSchema.safeParse(address).success]).toEqual([address, expected]);
      // The sign-up forms trim first; the sign-in page too, then lower-cases.
      expect([address, emailSignupSchema.safeParse({ email: address }).success]).toEqual([address, z.email().max(254).safeParse(address.trim()).success]);
      expect([address, signInSchema.safeParse({ method: 'email', email: address }).success]).toEqual([address, isEmailAddress(address.trim())]);
      expect([address, parseOnboardingSearch('verifyPhone', `?email=${encodeURIComponent(address)}`).values.email !== undefined]).toEqual([address, expected]);
    }
    expect(isEmailAddress(atLength(254))).toBe(true);
    expect(isEmailAddress(atLength(255))).toBe(false);
    expect(emailDomain(' Ada@ACME-widgets.com ')).toBe('acme-widgets.com');
  });
});

describe('one E.164 rule', () => {
  it('the two-step phone schema is the stored spelling’s pattern', () => {
    for (const number of ['+33612345678', '+12', '+1234567', '+123456789012345', '+1234567890123456', '33612345678', '+0612345678']) {
      expect([number, mfaPhoneSchema.safeParse(number).success]).toEqual([number, E164_PATTERN.test(number)]);
    }
  });
});
