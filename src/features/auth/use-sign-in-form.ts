import type { TFunction } from 'i18next';
import { useState, type FormEvent } from 'react';
import { RESEND_COOLDOWN_SECONDS, type SendRefusal } from '../../../core/auth-codes';
import type { Language } from '../../../core/routes/languages';
import { defaultCountryCode } from '../../lib/countries';
import { loadPhoneFormat, phoneFormat, phoneStateFromValue } from '../../ui/phone-input/phone-format.lazy';
import { loadCodeEntry } from '../../platform/verification/CodeEntry.lazy';
import { sendCode, type Recipient } from '../../platform/verification/otp';
import { prepareCaptcha } from '../../platform/verification/captcha.lazy';
import { signInRecipient, type SignInMethod } from './sign-in-recipient';

/** Where the code went and when; `sentBefore` when the send was refused as too soon after the last code (that one still works). */
export type SentTo = { recipient: Recipient; sentAt: number; sentBefore?: boolean };

/**
 * The sign-in form: phone or email (the address's `phone`/`email` prefill), its errors, sending the
 * code, and where it was sent. Sign-in never creates an account (decision 103): an unknown phone or
 * unproven email is refused and said with the way to sign up (`unknown`).
 */
export function useSignInForm({ initialPhone, initialEmail, lng, t }: { initialPhone: string; initialEmail: string; lng: Language; t: TFunction }) {
  const [method, setMethod] = useState<SignInMethod>(initialEmail && !initialPhone ? 'email' : 'phone');
  const [phone, setPhone] = useState<{ value: string; valid: boolean }>(() => {
    const state = phoneStateFromValue(initialPhone || undefined, defaultCountryCode());
    return { value: state.value, valid: state.valid };
  });
  const [email, setEmail] = useState(initialEmail);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<SentTo | null>(null);
  const [unknown, setUnknown] = useState<SignInMethod | null>(null);
  /** A send refused by a budget: said with when to try again and the other ways in (SignInForm). */
  const [refused, setRefused] = useState<{ refusal: SendRefusal; at: number } | null>(null);

  const send = (target: Recipient) => sendCode(target, { language: lng, createUser: false });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (method === 'phone' && !phoneFormat()) {
      // Submitted before the phone formatter arrived: submit again once it has (the phone field
      // reports its formatted, validated number first).
      const form = event.currentTarget;
      await loadPhoneFormat().catch(() => undefined);
      if (phoneFormat() && form.isConnected) form.requestSubmit();
      return;
    }
    void loadCodeEntry().catch(() => undefined);
    setFormError(null);
    setUnknown(null);
    setRefused(null);
    const checked = signInRecipient(method, phone, email);
    if ('problem' in checked) return setFieldError(t(`errors.${checked.problem}`));
    const target = checked.recipient;
    setSending(true);
    const result = await send(target);
    setSending(false);
    if (result.ok) return setSentTo({ recipient: target, sentAt: Date.now() });
    if (result.code === 'otp_disabled') return setUnknown('phone' in target ? 'phone' : 'email');
    // A code left for this address less than a minute ago (the sign-up's, a reload): it is on its
    // way and valid, so the code entry shows, with the countdown where it is.
    const { refusal } = result;
    if (refusal?.kind === 'cooldown' && refusal.waitSeconds !== undefined) {
      return setSentTo({ recipient: target, sentAt: Date.now() - (RESEND_COOLDOWN_SECONDS - refusal.waitSeconds) * 1000, sentBefore: true });
    }
    if (refusal) return setRefused({ refusal, at: Date.now() });
    const message = t(`errors.${result.code}`, { seconds: result.retryAfterSeconds ?? 60 });
    if (result.code === 'invalid_phone' || result.code === 'invalid_email') setFieldError(message);
    else setFormError(message);
  }

  function choose(next: SignInMethod) {
    setMethod(next);
    setFieldError(null);
    setFormError(null);
    setUnknown(null);
    setRefused(null);
  }

  // Typing starts the browser check (the captcha) in the background: done by the submit.
  function typePhone(next: { value: string; valid: boolean }) {
    setPhone(next);
    setFieldError(null);
    prepareCaptcha();
  }

  function typeEmail(next: string) {
    setEmail(next);
    setFieldError(null);
    prepareCaptcha();
  }

  return { method, choose, phone, typePhone, email, typeEmail, fieldError, formError, refused, sending, unknown, sentTo, setSentTo, send, onSubmit };
}
