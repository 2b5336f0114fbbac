import { fromPromise } from 'xstate';
import type { SendRefusal } from '../core/auth-codes';
import type { LandingPage, SignupCheckResult } from '../core/contracts/signup';
import type { EmailKind } from '../core/email/email-kind';

export type SignupOutcome = SignupCheckResult['outcome'];

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
    /** A refused send: the 60 s wait or a budget (core/auth-codes.ts). */
    readonly refusal?: SendRefusal,
  ) {
    super(code);
  }
}

/**
 * The sign-up's code step as kept across a reload and Back/Forward (the page keeps it in the tab's
 * session storage: src/features/landing/code-step-storage.ts).
 */
export interface PendingCodeStep {
  landingPage: LandingPage;
  values: SignupValues;
  /** Epoch ms when the code was sent (drives the resend countdown). */
  sentAt: number;
}

export interface SendCodeInput {
  values: SignupValues;
  language: string;
  resend: boolean;
}

export interface SaveAccountInput {
  values: SignupValues;
  landingPage: LandingPage;
  language: string;
}

/**
 * Stand-in implementations: the landing pages provide real ones (the free-mail list, the product
 * API, the auth service: src/features/landing/signup.actors.ts) with `machine.provide`, tests
 * provide scripted ones. A failure the visitor is told about is thrown as a SignupError.
 */
export const signupActors = {
  /** Is the email work, personal, disposable or invalid? Rejects when the list cannot be loaded. */
  classifyEmail: fromPromise<EmailKind, { email: string }>(async () => {
    throw new Error('classifyEmail is not provided');
  }),
  /** Before any code is sent: is there already an account behind this email or phone? (decision 103) */
  checkAccount: fromPromise<SignupOutcome, { values: SignupValues }>(async () => {
    throw new Error('checkAccount is not provided');
  }),
  /** Sends (or resends) the one-time code to the phone, else the email. */
  sendCode: fromPromise<void, SendCodeInput>(async () => {
    throw new Error('sendCode is not provided');
  }),
  /** After the code: saves the form into the account; says whether it was a returning account. */
  saveAccount: fromPromise<{ returning: boolean }, SaveAccountInput>(async () => {
    throw new Error('saveAccount is not provided');
  }),
};
