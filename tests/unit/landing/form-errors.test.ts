import { describe, expect, it } from 'vitest';
import { bookingRequestSchema, signupSchema } from '../../../core/contracts/signup';
import { firstErrorPerField } from '../../../src/features/landing/form-errors';

const translate = (key: string) => `t(${key})`;

// The landing forms (sign-up, demo booking) show one message under each field after a refused submit:
// the first issue zod reports for it, translated.
describe('firstErrorPerField', () => {
  it('gives each refused field of the sign-up schema one translated message, and none to a good field', () => {
    const parsed = signupSchema.safeParse({ email: 'not-an-email', firstName: ' ', lastName: 'Lovelace', companyName: '', phone: '+1' });
    expect(parsed.success).toBe(false);
    const errors = firstErrorPerField(parsed.error!.issues, translate);
    expect(errors).toEqual({
      email: 't(validation.invalidEmail)',
      firstName: 't(validation.required)',
      companyName: 't(validation.required)',
      phone: 't(validation.invalidPhone)',
    });
  });

  it('keeps the first of several issues on one field', () => {
    const issues = [
      { path: ['email'], message: 'validation.required' },
      { path: ['email'], message: 'validation.invalidEmail' },
    ];
    expect(firstErrorPerField(issues, translate)).toEqual({ email: 't(validation.required)' });
  });

  it('reads the booking schema the same way (its slot refused by the field it belongs to)', () => {
    const parsed = bookingRequestSchema.safeParse({ requestId: crypto.randomUUID(), kind: 'scheduled', email: '', firstName: 'Ada', lastName: 'Lovelace', companyName: 'Acme', phone: '+14155550100', timeZone: 'Europe/Paris', language: 'en' });
    expect(parsed.success).toBe(false);
    const errors = firstErrorPerField<string>(parsed.error!.issues, translate);
    expect(errors.email).toBe('t(validation.required)');
    expect(errors.firstName).toBeUndefined();
  });
});
