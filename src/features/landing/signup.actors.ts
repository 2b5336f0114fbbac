import { fromPromise } from 'xstate';
import { apiRequest, ApiError } from '../../platform/api-client';
import { readTrackingParams } from '../../../core/routes/tracking-params';
import type { SignupCheckRequest, SignupCheckResult, SignupCompleteRequest, SignupCompleteResult } from '../../../core/contracts/signup';
import type { EmailKind } from '../../../core/email/email-kind';
import { classifyEmailLazy } from '../../platform/email-kind.lazy';
import { logEvent } from '../../platform/analytics/analytics';
import { analyticsEvents } from '../../platform/analytics/events';
import type { Recipient, SendResult } from '../../platform/verification/otp';
import { sendCode } from '../../platform/verification/otp.lazy';
import { SignupError, type SaveAccountInput, type SendCodeInput, type SignupOutcome, type SignupValues } from '../../../machines/signup.actors';

/*
 * The sign-up chart's real actors (machines/signup.machine.ts holds the chart and its stand-ins):
 * the landing pages provide them with `signupMachine.provide` (./SignupForm.tsx).
 */

/** The code goes to the phone when there is one (start, /form), else to the email (/email-form). */
export function recipientOf(values: SignupValues): Recipient {
  return values.phone ? { phone: values.phone } : { email: values.email };
}

export const classifyEmailActor = fromPromise<EmailKind, { email: string }>(({ input }) => classifyEmailLazy(input.email));

/** Sends (or resends, from the code screen) the one-time code; throws a SignupError with the auth code. */
export async function sendSignupCode(values: SignupValues, language: string, resend: boolean): Promise<void> {
  const recipient = recipientOf(values);
  const result = await sendCode(recipient, { language });
  if (!result.ok) throw new SignupError('auth', result.code, result.retryAfterSeconds, result.refusal);
  logEvent(resend ? analyticsEvents.codeResent : analyticsEvents.codeSent, { channel: 'phone' in recipient ? 'sms' : 'email' });
}

/** The code screen's resend: its answer as the code field reads it (a refusal is said there, not thrown). */
export async function resendSignupCode(values: SignupValues, language: string): Promise<SendResult> {
  try {
    await sendSignupCode(values, language, true);
    return { ok: true };
  } catch (error) {
    if (!(error instanceof SignupError)) throw error;
    return { ok: false, code: error.code as Extract<SendResult, { ok: false }>['code'], ...(error.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: error.retryAfterSeconds }), ...(error.refusal ? { refusal: error.refusal } : {}) };
  }
}

export const sendCodeActor = fromPromise<void, SendCodeInput>(({ input }) =>
  sendSignupCode(input.values, input.language, input.resend),
);

/** Before any code is sent: is there already an account behind this email or phone? (decision 103) */
export const checkAccountActor = fromPromise<SignupOutcome, { values: SignupValues }>(async ({ input, signal }) => {
  const { email, phone } = input.values;
  const body: SignupCheckRequest = phone ? { email, phone } : { email };
  const result = await apiRequest<SignupCheckResult>('/v1/signup/check', { method: 'POST', body, signal, anonymous: true });
  return result.outcome;
});

/**
 * After the code is verified: POST /v1/signup/complete writes the form (names, email as given,
 * company, saved tracking params, landing page) into the account only if it has no sign-up yet, and
 * says whether it was a returning account. A new, unproven email then gets its confirmation message
 * (link + code): until confirmed it cannot sign anyone in. Both steps are idempotent.
 */
export const saveAccountActor = fromPromise<{ returning: boolean }, SaveAccountInput>(
  async ({ input, signal }) => {
    const { values } = input;
    const tracking = Object.fromEntries(Object.entries(readTrackingParams()).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
    const body: SignupCompleteRequest = {
      email: values.email,
      landingPage: input.landingPage,
      ...(values.firstName ? { firstName: values.firstName } : {}),
      ...(values.lastName ? { lastName: values.lastName } : {}),
      ...(values.companyName ? { companyName: values.companyName } : {}),
      ...(Object.keys(tracking).length > 0 ? { tracking } : {}),
    };
    let result: SignupCompleteResult;
    try {
      result = await apiRequest<SignupCompleteResult>('/v1/signup/complete', { method: 'POST', body, signal });
    } catch (error) {
      if (error instanceof ApiError) throw new SignupError('api', error.code);
      throw error;
    }
    // A code held back (the address got one a moment ago) is kept and sent later; the next page says when.
    if (result.emailNeedsConfirmation) await (await import('../../platform/verification/email-claim')).claimEmail(values.email, input.language).catch(() => undefined);
    return { returning: result.returning };
  },
);

/** What the landing pages provide to the sign-up chart: the four calls above. */
export const signupPageActors = {
  classifyEmail: classifyEmailActor,
  checkAccount: checkAccountActor,
  sendCode: sendCodeActor,
  saveAccount: saveAccountActor,
};
