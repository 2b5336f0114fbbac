import { assertEvent, assign, setup } from 'xstate';
import type { LandingPage } from '../../contracts/signup';
import type { EmailKind } from '../../lib/email-kind.lazy';
import { classifyEmailActor, saveAccountActor, sendCodeActor, SignupError, type SignupValues } from './signup.actors';

export interface SignupFailure {
  source: 'auth' | 'api' | 'email';
  /** auth.json `errors.<code>`, an API code (PHONE_ALREADY_EXISTS…) or 'disposable' for email. */
  code: string;
  retryAfterSeconds?: number | undefined;
}

interface SignupContext {
  landingPage: LandingPage;
  language: string;
  values: SignupValues | null;
  /** The address the visitor chose to keep after 'That looks like a personal email'. */
  acceptedPersonalEmail: string | null;
  failure: SignupFailure | null;
}

type SignupEvent =
  | { type: 'form.submitted'; values: SignupValues }
  | { type: 'form.changed' }
  | { type: 'prompt.continued' }
  | { type: 'prompt.changed' }
  | { type: 'code.verified' }
  | { type: 'code.changed' }
  | { type: 'save.retried' }
  | { type: 'form.reopened' };

function toFailure(error: unknown): SignupFailure {
  return error instanceof SignupError
    ? { source: error.source, code: error.code, retryAfterSeconds: error.retryAfterSeconds }
    : { source: 'api', code: 'UNKNOWN_ERROR' };
}

/**
 * The landing pages' sign-up: check the email, send a code, take the code, save the account, go on
 * to onboarding. States are what the visitor sees. Submitting is only possible from `editing`, so a
 * double click or an impatient Enter sends one code; everything after the code is idempotent on the
 * server, and the auth service keys accounts by phone/email, so nothing here can make two accounts.
 */
export const signupMachine = setup({
  types: {
    context: {} as SignupContext,
    events: {} as SignupEvent,
    input: {} as { landingPage: LandingPage; language: string },
  },
  actors: { classifyEmail: classifyEmailActor, sendCode: sendCodeActor, saveAccount: saveAccountActor },
  guards: {
    isDisposable: (_, kind: EmailKind) => kind === 'disposable',
    isInvalid: (_, kind: EmailKind) => kind === 'invalid',
    isUnconfirmedPersonal: ({ context }, kind: EmailKind) => kind === 'personal' && context.acceptedPersonalEmail !== context.values?.email,
  },
  actions: {
    storeValues: assign(({ event }) => {
      assertEvent(event, 'form.submitted');
      return { values: event.values, failure: null };
    }),
    acceptPersonalEmail: assign(({ context }) => ({ acceptedPersonalEmail: context.values?.email ?? null })),
    clearFailure: assign({ failure: null }),
    /** Provided by the page (it owns navigation): on to onboarding, replacing the landing entry. */
    goToOnboarding: () => {},
  },
}).createMachine({
  id: 'signup',
  context: ({ input }) => ({ landingPage: input.landingPage, language: input.language, values: null, acceptedPersonalEmail: null, failure: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'form.submitted': { target: 'checkingEmail', actions: 'storeValues' },
        // A message about what was submitted goes away as soon as the visitor edits the form.
        'form.changed': { actions: 'clearFailure' },
      },
    },
    checkingEmail: {
      invoke: {
        src: 'classifyEmail',
        input: ({ context }) => ({ email: context.values?.email ?? '' }),
        onDone: [
          { guard: { type: 'isDisposable', params: ({ event }) => event.output }, target: 'editing', actions: assign({ failure: { source: 'email', code: 'disposable' } }) },
          { guard: { type: 'isInvalid', params: ({ event }) => event.output }, target: 'editing', actions: assign({ failure: { source: 'email', code: 'invalid' } }) },
          { guard: { type: 'isUnconfirmedPersonal', params: ({ event }) => event.output }, target: 'personalEmailPrompt' },
          { target: 'sendingCode' },
        ],
        // The lists failed to download (offline?): classification is advice, so go on without it.
        onError: { target: 'sendingCode' },
      },
    },
    personalEmailPrompt: {
      on: {
        'prompt.continued': { target: 'sendingCode', actions: 'acceptPersonalEmail' },
        'prompt.changed': { target: 'editing' },
        // Editing the address answers the prompt too: the next submit checks the new one.
        'form.changed': { target: 'editing' },
      },
    },
    sendingCode: {
      invoke: {
        src: 'sendCode',
        input: ({ context }) => ({ values: context.values as SignupValues, language: context.language, resend: false }),
        onDone: { target: 'enteringCode' },
        onError: { target: 'editing', actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
      },
    },
    enteringCode: {
      // Resending is the code screen's own request (it shows 'Code resent successfully').
      on: {
        'code.verified': { target: 'savingAccount' },
        'code.changed': { target: 'editing', actions: 'clearFailure' },
      },
    },
    savingAccount: {
      entry: 'clearFailure',
      invoke: {
        src: 'saveAccount',
        input: ({ context }) => ({ values: context.values as SignupValues, landingPage: context.landingPage }),
        onDone: { target: 'done' },
        onError: { target: 'saveFailed', actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
      },
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
