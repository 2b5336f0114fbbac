import { assertEvent, assign, setup } from 'xstate';
import { sentAtFromWait, type SendRefusal } from '../core/auth-codes';
import type { LandingPage } from '../core/contracts/signup';
import type { EmailKind } from '../core/email/email-kind';
import { signupActors, SignupError, type PendingCodeStep, type SignupOutcome, type SignupValues } from './signup.actors';

export interface SignupFailure {
  source: 'auth' | 'api' | 'email';
  /** auth.json `errors.<code>`, an API code (PHONE_ALREADY_EXISTS…) or 'disposable' for email. */
  code: string;
  retryAfterSeconds?: number | undefined;
  /** A refused send (a budget): said with when to try again, counted from `at` (epoch ms). */
  refusal?: SendRefusal | undefined;
  at?: number | undefined;
}

interface SignupContext {
  landingPage: LandingPage;
  language: string;
  values: SignupValues | null;
  /** The address the visitor chose to keep after 'That looks like a personal email'. */
  acceptedPersonalEmail: string | null;
  failure: SignupFailure | null;
  /** What the check before the code found (null when it could not run: the server decides later). */
  outcome: SignupOutcome | null;
  /** When the code now awaited was sent (epoch ms): the resend countdown starts from it. */
  sentAt: number | null;
  /** The send was refused as too soon after the last code: the code screen says that one still works, not "We sent". */
  sentBefore: boolean;
  /** A code step kept in session storage from before a reload or Back/Forward. */
  restored: PendingCodeStep | null;
}

type SignupEvent =
  | { type: 'form.submitted'; values: SignupValues }
  | { type: 'form.changed' }
  | { type: 'prompt.continued' }
  | { type: 'prompt.changed' }
  | { type: 'code.verified' }
  | { type: 'code.changed' }
  | { type: 'save.retried' }
  | { type: 'secondStep.verified' }
  | { type: 'form.reopened' }
  | { type: 'account.continued' };

/**
 * What an invoked actor answered (its `xstate.done.actor.*` event). Guards read it themselves
 * rather than through params computed from the event: the exported chart keeps only static params.
 */
function outputOf<T>(event: { type: string }): T {
  return (event as { output?: unknown }).output as T;
}

/** The error an invoked actor failed with (its `xstate.error.actor.*` event). */
function errorOf(event: { type: string }): unknown {
  return (event as { error?: unknown }).error;
}

function toFailure(error: unknown): SignupFailure {
  return error instanceof SignupError
    ? { source: error.source, code: error.code, retryAfterSeconds: error.retryAfterSeconds, refusal: error.refusal, at: Date.now() }
    : { source: 'api', code: 'UNKNOWN_ERROR' };
}

/**
 * The landing pages' sign-up: check the email, check whom the email and phone already belong to,
 * send a code, take the code, save the account (or find it was a returning one), go on to
 * onboarding. States are what the visitor sees. Submitting is only possible from `editing`, so a
 * double click or an impatient Enter sends one code; everything after the code is idempotent on the
 * server, and the auth service keys accounts by phone/email, so nothing here can make two accounts.
 * The landing pages provide the actors and the storage and navigation actions
 * (src/features/landing/SignupForm.tsx); the chart and its stand-ins live here, as the generator's.
 */
export const signupMachine = setup({
  types: {
    context: {} as SignupContext,
    events: {} as SignupEvent,
    input: {} as { landingPage: LandingPage; language: string; restored?: PendingCodeStep | null },
  },
  actors: signupActors,
  guards: {
    // Truthiness, not `!== null`: rebuilt from docs/charts without the context factory, `restored` is absent.
    hasPendingCodeStep: ({ context }) => Boolean(context.restored),
    isEmailOfAnotherAccount: ({ event }) => outputOf<SignupOutcome>(event) === 'emailTaken',
    isEmailClaimedElsewhere: ({ event }) => outputOf<SignupOutcome>(event) === 'emailClaimed',
    /**
     * The server refused a send because a code left for this very address less than 60 s ago (the
     * 60 s wait, not a budget: core/auth-codes.ts): that code is on its way and valid, so the
     * visitor goes (back) to entering it, not to an error.
     */
    isCodeAlreadyOnItsWay: ({ event }) => {
      const error = errorOf(event);
      return error instanceof SignupError && error.refusal?.kind === 'cooldown' && error.refusal.waitSeconds !== undefined;
    },
    isReturningAccount: ({ event }) => outputOf<{ returning: boolean }>(event).returning,
    /**
     * The code reached an account that has two-step verification on: the API refuses the first
     * factor alone (insufficient_aal) until the account's second step is passed.
     */
    isSecondStepDue: ({ event }) => {
      const error = errorOf(event);
      return error instanceof SignupError && error.code === 'insufficient_aal';
    },
    isDisposable: ({ event }) => outputOf<EmailKind>(event) === 'disposable',
    isInvalid: ({ event }) => outputOf<EmailKind>(event) === 'invalid',
    isUnconfirmedPersonal: ({ context, event }) => outputOf<EmailKind>(event) === 'personal' && context.acceptedPersonalEmail !== context.values?.email,
  },
  actions: {
    storeValues: assign(({ event }) => {
      assertEvent(event, 'form.submitted');
      return { values: event.values, failure: null };
    }),
    acceptPersonalEmail: assign(({ context }) => ({ acceptedPersonalEmail: context.values?.email ?? null })),
    clearFailure: assign({ failure: null }),
    resumeCodeStep: assign(({ context }) => ({ values: context.restored?.values ?? null, sentAt: context.restored?.sentAt ?? null, sentBefore: false, restored: null })),
    markSentNow: assign({ sentAt: () => Date.now(), sentBefore: false }),
    markSentBefore: assign(({ event }) => {
      const error = errorOf(event);
      return { sentAt: sentAtFromWait(error instanceof SignupError ? error.refusal?.waitSeconds : undefined, Date.now()), sentBefore: true, failure: null };
    }),
    /** Provided by the page (it owns the tab's storage): keeps the code step across a reload. */
    rememberCodeStep: () => {},
    /** Provided by the page: the code step is over (used, or the details changed). */
    forgetCodeStep: () => {},
    refuseDisposableEmail: assign({ failure: { source: 'email', code: 'disposable' } }),
    refuseInvalidEmail: assign({ failure: { source: 'email', code: 'invalid' } }),
    reportEmailUnchecked: assign({ failure: { source: 'email', code: 'unchecked' } }),
    takeOutcome: assign({ outcome: ({ event }) => (event as unknown as { output: SignupOutcome }).output }),
    forgetOutcome: assign({ outcome: null }),
    refuseEmailOfAnotherAccount: assign({ failure: { source: 'api', code: 'EMAIL_ALREADY_EXISTS' } }),
    takeFailure: assign({ failure: ({ event }) => toFailure(errorOf(event)) }),
    /** Provided by the page (it owns navigation): on to onboarding, replacing the landing entry. */
    goToOnboarding: () => {},
  },
}).createMachine({
  id: 'signup',
  context: ({ input }) => ({
    landingPage: input.landingPage,
    language: input.language,
    values: null,
    acceptedPersonalEmail: null,
    failure: null,
    outcome: null,
    sentAt: null,
    sentBefore: false,
    restored: input.restored ?? null,
  }),
  initial: 'starting',
  states: {
    /** A reload or Back/Forward in the middle of the code step comes back to it. */
    starting: {
      always: [{ guard: 'hasPendingCodeStep', target: 'enteringCode', actions: 'resumeCodeStep' }, { target: 'editing' }],
    },
    editing: {
      on: {
        'form.submitted': { target: 'checkingEmail', actions: 'storeValues' },
        // A message about what was submitted goes away as soon as the visitor edits the form.
        'form.changed': { actions: 'clearFailure' },
      },
    },
    checkingEmail: {
      invoke: {
        id: 'classifyEmail',
        src: 'classifyEmail',
        input: ({ context }) => ({ email: context.values?.email ?? '' }),
        onDone: [
          { guard: 'isDisposable', target: 'editing', actions: 'refuseDisposableEmail' },
          { guard: 'isInvalid', target: 'editing', actions: 'refuseInvalidEmail' },
          { guard: 'isUnconfirmedPersonal', target: 'personalEmailPrompt' },
          { target: 'checkingAccount' },
        ],
        // The free-mail list failed to download (a flaky network): the form says so, and the next
        // submit downloads it again (src/platform/email-kind.browser.ts).
        onError: { target: 'editing', actions: 'reportEmailUnchecked' },
      },
    },
    personalEmailPrompt: {
      on: {
        'prompt.continued': { target: 'checkingAccount', actions: 'acceptPersonalEmail' },
        'prompt.changed': { target: 'editing' },
        // Editing the address answers the prompt too: the next submit checks the new one.
        'form.changed': { target: 'editing' },
      },
    },
    /**
     * Before any code is sent: a proven email that belongs to another account than this phone is
     * said here, so no code goes to a phone that would open a second account for that person.
     */
    checkingAccount: {
      invoke: {
        id: 'checkAccount',
        src: 'checkAccount',
        input: ({ context }) => ({ values: context.values as SignupValues }),
        onDone: [
          {
            guard: 'isEmailOfAnotherAccount',
            target: 'editing',
            actions: ['takeOutcome', 'refuseEmailOfAnotherAccount'],
          },
          {
            guard: 'isEmailClaimedElsewhere',
            target: 'emailClaimedPrompt',
            actions: 'takeOutcome',
          },
          { target: 'sendingCode', actions: 'takeOutcome' },
        ],
        // The check is advice (the server decides again after the code): go on without it.
        onError: { target: 'sendingCode', actions: 'forgetOutcome' },
      },
    },
    /**
     * /email-form: this email was given at another sign-up with a phone and is not confirmed. If it
     * was this visitor, signing in with that phone reaches their account; if not (or they prefer),
     * they go on and the code proves the email for a new account (decision 103).
     */
    emailClaimedPrompt: {
      on: {
        'prompt.continued': { target: 'sendingCode' },
        'prompt.changed': { target: 'editing' },
        'form.changed': { target: 'editing' },
      },
    },
    sendingCode: {
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        input: ({ context }) => ({ values: context.values as SignupValues, language: context.language, resend: false }),
        onDone: { target: 'enteringCode', actions: 'markSentNow' },
        onError: [
          { guard: 'isCodeAlreadyOnItsWay', target: 'enteringCode', actions: 'markSentBefore' },
          { target: 'editing', actions: 'takeFailure' },
        ],
      },
    },
    enteringCode: {
      entry: 'rememberCodeStep',
      // Resending is the code screen's own request (it shows 'Code resent successfully').
      on: {
        'code.verified': { target: 'savingAccount', actions: 'forgetCodeStep' },
        'code.changed': { target: 'editing', actions: ['clearFailure', 'forgetCodeStep'] },
      },
    },
    savingAccount: {
      entry: 'clearFailure',
      invoke: {
        id: 'saveAccount',
        src: 'saveAccount',
        input: ({ context }) => ({ values: context.values as SignupValues, landingPage: context.landingPage, language: context.language }),
        onDone: [
          { guard: 'isReturningAccount', target: 'accountExists' },
          { target: 'done' },
        ],
        onError: [{ guard: 'isSecondStepDue', target: 'secondStepDue' }, { target: 'saveFailed', actions: 'takeFailure' }],
      },
    },
    /**
     * The code reached an account with two-step verification on (a person signing up again with
     * their phone): its second step is asked for here, then the sign-up is saved as a return.
     */
    secondStepDue: {
      on: { 'secondStep.verified': { target: 'savingAccount' } },
    },
    /**
     * The code proved an address that already signs in to an account: the visitor is in it, nothing
     * of it was changed, and they are told so ('An account with this phone number already exists.').
     */
    accountExists: {
      on: { 'account.continued': { target: 'done' } },
    },
    saveFailed: {
      on: {
        'save.retried': { target: 'savingAccount' },
        // E.g. the email belongs to another account: fix the form; the next code reaches the same account.
        'form.reopened': { target: 'editing', actions: 'clearFailure' },
      },
    },
    done: { type: 'final', entry: 'goToOnboarding' },
  },
});
