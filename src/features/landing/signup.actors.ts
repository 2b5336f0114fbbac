import { fromPromise } from 'xstate';
import { apiRequest, ApiError } from '../../app/api-client';
import { readTrackingParams } from '../../app/tracking-params';
import type { LandingPage } from '../../contracts/signup';
import { classifyEmailLazy, type EmailKind } from '../../lib/email-kind.lazy';
import { logEvent } from '../analytics/analytics';
import { analyticsEvents } from '../analytics/events';
import { sendCode, type Recipient } from '../auth/otp';

/** What the sign-up form hands to the chart once its fields are valid. */
export interface SignupValues {
  email: string;
  firstName?: string | undefined;
  lastName?: string | undefined;
  companyName?: string | undefined;
  /** E.164 */
  phone?: string | undefined;
}

/** A failure the pages translate: an auth code (auth.json `errors.*`) or a product API code. */
export class SignupError extends Error {
  override name = 'SignupError';
  constructor(
    readonly source: 'auth' | 'api',
    readonly code: string,
    /** For rate limits: when the visitor may try again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(code);
  }
}

/** The code goes to the phone when there is one (start, /form), else to the email (/email-form). */
export function recipientOf(values: SignupValues): Recipient {
  return values.phone ? { phone: values.phone } : { email: values.email };
}

export const classifyEmailActor = fromPromise<EmailKind, { email: string }>(({ input }) => classifyEmailLazy(input.email));

/** Sends (or resends, from the code screen) the one-time code; throws a SignupError with the auth code. */
export async function sendSignupCode(values: SignupValues, language: string, resend: boolean): Promise<void> {
  const recipient = recipientOf(values);
  const result = await sendCode(recipient, { language });
  if (!result.ok) throw new SignupError('auth', result.code, result.retryAfterSeconds);
  logEvent(resend ? analyticsEvents.codeResent : analyticsEvents.codeSent, { channel: 'phone' in recipient ? 'sms' : 'email' });
}

export const sendCodeActor = fromPromise<void, { values: SignupValues; language: string; resend: boolean }>(({ input }) =>
  sendSignupCode(input.values, input.language, input.resend),
);

/**
 * After the code is verified: the profile (PATCH /v1/user — name, email, phone; nothing sent when
 * all are absent), then the user data (PATCH /v1/user/data — company, saved tracking params, the
 * landing page). Both calls are idempotent, so a retry after a failure never duplicates anything.
 */
export const saveAccountActor = fromPromise<void, { values: SignupValues; landingPage: LandingPage }>(async ({ input, signal }) => {
  const { values } = input;
  const update: Record<string, unknown> = {};
  const name = [values.firstName, values.lastName].filter(Boolean).join(' ');
  if (values.firstName) update.first_name = values.firstName;
  if (values.lastName) update.last_name = values.lastName;
  if (name) update.name = name;
  if (values.email) update.email = values.email;
  if (values.phone) update.phone = { number: values.phone };
  try {
    if (Object.keys(update).length > 0) await apiRequest('/v1/user', { method: 'PATCH', body: update, signal });
    const data: Record<string, unknown> = { landing_page: input.landingPage, ...readTrackingParams() };
    if (values.companyName) data.company_name = values.companyName;
    await apiRequest('/v1/user/data', { method: 'PATCH', body: data, signal });
  } catch (error) {
    if (error instanceof ApiError) throw new SignupError('api', error.code);
    throw error;
  }
});
