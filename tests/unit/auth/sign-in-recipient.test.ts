import { describe, expect, it } from 'vitest';
import { signInSchema } from '../../../core/contracts/signup-forms';
import { recipientOf, signInCodes, signInInput, signInMessageKey, type SignInValues } from '../../../src/features/auth/sign-in-recipient';

// The sign-in page's check before a code is sent (#38.3): the auth schema (core/contracts
// signInSchema) on the chosen field, which address the code goes to, and the message each refusal
// shows under the field (errors.<code> in locales/…/auth.json, the words the page always used).
const check = (values: Partial<SignInValues> & Pick<SignInValues, 'method'>) => {
  const parsed = signInSchema.safeParse(signInInput({ phone: '', email: '', ...values }));
  return parsed.success ? { recipient: recipientOf(parsed.data) } : { problem: signInMessageKey(parsed.error.issues[0]!.message) };
};

describe('the sign-in check', () => {
  it('sends to the phone field number when it is valid', () => {
    expect(check({ method: 'phone', phone: '+33612345678', email: 'ada@example.com' })).toEqual({ recipient: { phone: '+33612345678' } });
  });

  it('asks for a number when none is typed, and refuses one that is not a number', () => {
    expect(check({ method: 'phone' })).toEqual({ problem: 'errors.required' });
    expect(check({ method: 'phone', phone: '+3361' })).toEqual({ problem: 'errors.invalid_phone' });
  });

  it('sends to the email trimmed and lower-cased, whatever the phone field holds', () => {
    expect(check({ method: 'email', phone: '+3361', email: '  Ada@Example.COM ' })).toEqual({ recipient: { email: 'ada@example.com' } });
  });

  it('asks for an email when only spaces are typed, and refuses one without a domain', () => {
    expect(check({ method: 'email', email: '   ' })).toEqual({ problem: 'errors.required' });
    expect(check({ method: 'email', email: 'ada@example' })).toEqual({ problem: 'errors.invalid_email' });
    expect(check({ method: 'email', email: 'ada example@x.io' })).toEqual({ problem: 'errors.invalid_email' });
  });

  it('puts the auth service’s refusals of the address on the field, and says the others above the button', () => {
    expect(signInCodes).toEqual({ invalid_phone: 'phone', invalid_email: 'email' });
    expect(signInMessageKey('over_request_rate_limit')).toBe('errors.over_request_rate_limit');
  });
});
