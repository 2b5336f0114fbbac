import { describe, expect, it } from 'vitest';
import { signInRecipient } from '../../../src/features/auth/sign-in-recipient';

// The sign-in page's check before a code is sent: which address it goes to, or which message shows
// under the field (errors.<problem> in locales/…/auth.json).
describe('signInRecipient', () => {
  const noPhone = { value: '', valid: false };

  it('sends to the phone field number when it is valid', () => {
    expect(signInRecipient('phone', { value: '+33612345678', valid: true }, 'ada@example.com')).toEqual({ recipient: { phone: '+33612345678' } });
  });

  it('asks for a number when none is typed, and refuses one the field found invalid', () => {
    expect(signInRecipient('phone', noPhone, '')).toEqual({ problem: 'required' });
    expect(signInRecipient('phone', { value: '+3361', valid: false }, '')).toEqual({ problem: 'invalid_phone' });
  });

  it('sends to the email trimmed and lower-cased, whatever the phone field holds', () => {
    expect(signInRecipient('email', { value: '+3361', valid: false }, '  Ada@Example.COM ')).toEqual({ recipient: { email: 'ada@example.com' } });
  });

  it('asks for an email when only spaces are typed, and refuses one without a domain', () => {
    expect(signInRecipient('email', noPhone, '   ')).toEqual({ problem: 'required' });
    expect(signInRecipient('email', noPhone, 'ada@example')).toEqual({ problem: 'invalid_email' });
    expect(signInRecipient('email', noPhone, 'ada example@x.io')).toEqual({ problem: 'invalid_email' });
  });
});
