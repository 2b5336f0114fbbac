import type { SignIn } from '../../../core/contracts/signup-forms';
import type { Recipient } from '../../platform/verification/otp';

export type SignInMethod = 'phone' | 'email';

/** The sign-in form's values: the method chosen, and both fields as typed (switching keeps them). */
export type SignInValues = { method: SignInMethod; phone: string; email: string };

/** What the sign-in schema (core/contracts/signup-forms.ts `signInSchema`) parses: the chosen field only. */
export const signInInput = (values: SignInValues) => (values.method === 'phone' ? { method: 'phone', phone: values.phone } : { method: 'email', email: values.email });

/** The schema's keys (common `validation.*`) said in the sign-in's own words, `errors.<code>` in locales/…/auth.json. */
const ownWords: Record<string, string> = { 'validation.required': 'required', 'validation.invalidPhone': 'invalid_phone', 'validation.invalidEmail': 'invalid_email' };
export const signInMessageKey = (key: string) => `errors.${ownWords[key] ?? key}`;

/** The auth service's codes that are about the field; the others are said above the button. */
export const signInCodes = { invalid_phone: 'phone', invalid_email: 'email' } as const;

/** Who the code goes to, from the parsed values (the email already trimmed and lower-cased). */
export const recipientOf = (data: SignIn): Recipient => (data.method === 'phone' ? { phone: data.phone } : { email: data.email });
