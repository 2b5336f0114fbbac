import type { TFunction } from 'i18next';
import { useState, type FormEvent } from 'react';
import { sentAtFromWait, waitOrCooldown, type SendRefusal } from '../../../core/auth-codes';
import type { SignIn } from '../../../core/contracts/signup-forms';
import { preloadSignupForms, signupForms } from '../../../core/contracts/signup.lazy';
import type { Language } from '../../../core/routes/languages';
import { defaultCountryCode } from '../../lib/countries';
import { useForm } from '../../lib/form/use-form';
import { submitAgainOnceLoaded } from '../../lib/form/form';
import { loadPhoneFormat, phoneFormat, phoneStateFromValue } from '../../ui/phone-input/phone-format.lazy';
import { loadCodeEntry } from '../../platform/verification/CodeEntry.lazy';
import type { Recipient } from '../../platform/verification/otp';
import { loadOtp, sendCode } from '../../platform/verification/otp.lazy';
import { prepareCaptcha } from '../../platform/verification/captcha.lazy';
import { recipientOf, signInCodes, signInInput, signInMessageKey, type SignInMethod, type SignInValues } from './sign-in-recipient';

/** Where the code went and when; `sentBefore` when the send was refused as too soon after the last code (that one still works). */
export type SentTo = { recipient: Recipient; sentAt: number; sentBefore?: boolean };

/** The schema (zod, the full phone metadata) and the phone formatter: on intent, never in the first render. */
const loadChecks = () => Promise.all([preloadSignupForms(), loadPhoneFormat()]);

/**
 * The sign-in form on the one form habit (src/lib/form): phone or email (the address's `phone`/
 * `email` prefill), checked by the auth schema (core/contracts `signInSchema`), sending the code,
 * and where it was sent. Sign-in never creates an account (decision 103): an unknown phone or
 * unproven email is refused and said with the way to sign up (`unknown`).
 */
export function useSignInForm({ initialPhone, initialEmail, lng, t }: { initialPhone: string; initialEmail: string; lng: Language; t: TFunction }) {
  const form = useForm<SignInValues, SignIn>({
    initial: () => ({
      method: initialEmail && !initialPhone ? 'email' : 'phone',
      phone: phoneStateFromValue(initialPhone || undefined, defaultCountryCode()).value,
      email: initialEmail,
    }),
    schema: () => signupForms()?.signInSchema,
    input: signInInput,
    message: (key) => t(signInMessageKey(key)),
    codes: signInCodes,
  });
  const { method } = form.values;
  const [formError, setFormError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<SentTo | null>(null);
  const [unknown, setUnknown] = useState<SignInMethod | null>(null);
  /** A send refused by a budget: said with when to try again and the other ways in (SignInForm). */
  const [refused, setRefused] = useState<{ refusal: SendRefusal; at: number } | null>(null);

  const send = (target: Recipient) => sendCode(target, { language: lng, createUser: false });

  async function sendTo(target: Recipient) {
    const result = await send(target);
    if (result.ok) return setSentTo({ recipient: target, sentAt: Date.now() });
    if (result.code === 'otp_disabled') return setUnknown('phone' in target ? 'phone' : 'email');
    // A code left for this address less than a minute ago (the sign-up's, a reload): it is on its
    // way and valid, so the code entry shows, with the countdown where it is.
    const { refusal } = result;
    if (refusal?.kind === 'cooldown' && refusal.waitSeconds !== undefined) {
      return setSentTo({ recipient: target, sentAt: sentAtFromWait(refusal.waitSeconds, Date.now()), sentBefore: true });
    }
    if (refusal) return setRefused({ refusal, at: Date.now() });
    if (!form.fail(result.code)) setFormError(t(`errors.${result.code}`, { seconds: waitOrCooldown(result.retryAfterSeconds) }));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Submitted before the schema or the phone formatter arrived: again once they have.
    if (!signupForms() || !phoneFormat()) return submitAgainOnceLoaded(event.currentTarget, loadChecks);
    void loadCodeEntry().catch(() => undefined);
    setFormError(null);
    setUnknown(null);
    setRefused(null);
    await form.submit((data) => sendTo(recipientOf(data)));
  }

  /** The other method: its field starts untouched (what was typed in each is kept). */
  function choose(next: SignInMethod) {
    form.reset({ method: next });
    setFormError(null);
    setUnknown(null);
    setRefused(null);
  }

  // Typing starts the browser check (the captcha) in the background: done by the submit.
  function type(field: 'phone' | 'email', value: string) {
    form.set(field, value);
    prepareCaptcha();
  }

  return {
    method,
    choose,
    values: form.values,
    errors: form.errors,
    touch: form.touch,
    attach: form.attach,
    type,
    preload: () => void Promise.all([loadChecks(), loadOtp()]).catch(() => undefined),
    formError,
    refused,
    sending: form.sending,
    unknown,
    sentTo,
    setSentTo,
    send,
    onSubmit,
  };
}
