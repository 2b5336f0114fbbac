import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import { isBusinessComplete, type BusinessUpdate } from '../core/contracts/onboarding';
import { sendRefusalOf } from '../core/auth-codes';
import type { SubscriptionStatus } from '../core/contracts/payments';
import { parseOnboardingSearch } from './onboarding.search';
import type {
  Business,
  FetchedUser,
  FinishResult,
  KycStatus,
  OnboardingContext,
  OnboardingEmitted,
  OnboardingEvent,
  OnboardingInput,
  OnboardingRoute,
  ProviderSignup,
  QuestionnaireStep,
} from './onboarding.types';
import { questionnaireSteps } from './onboarding.types';

/**
 * The onboarding funnel: session, KYC status, role and business completion together with the steps
 * verify-phone → size → details → crm → identity check → checkout-form → payment → next-steps →
 * success. The URL is a projection of this chart (onboarding.url.ts); every address the user reaches
 * by typing, linking, back or forward arrives as `location.changed` and goes through `routing`, whose
 * guards are the SPEC §4 loader rules in order, then the step prerequisites — so no typed URL skips
 * the identity check or payment, and no user gets a role without a subscription (the server checks).
 *
 * Effects are the named actors below; these defaults only say they were not provided. The browser
 * provides the real ones (onboarding.actors.ts), tests provide stand-ins.
 */

const notProvided = (name: string) => () => Promise.reject(new Error(`onboarding actor ${name} was not provided`));

/** The error code an actor failed with (ApiError and friends carry `code`). */
function errorCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : 'UNKNOWN_ERROR';
}

/** A refused code send as core/auth-codes.ts reads it from an actor's error (its code and message), or null. */
function sendRefusalIn(error: unknown) {
  const message = (error as { message?: unknown } | null)?.message;
  return sendRefusalOf(errorCode(error), typeof message === 'string' ? message : '');
}

function phoneVerified(context: OnboardingContext): boolean {
  return Boolean(context.user?.profile.phone_verified);
}

function detailsComplete(business: Business | null): boolean {
  return Boolean(business?.company_name && business.country && business.industry && business.job_role);
}

/** The first questionnaire step not answered yet, or null when all are. */
export function firstIncompleteStep(context: Pick<OnboardingContext, 'user' | 'business'>): QuestionnaireStep | null {
  if (!context.user?.profile.phone_verified) return 'verifyPhone';
  if (!context.business?.size) return 'size';
  if (!detailsComplete(context.business)) return 'details';
  if (!context.business.crm) return 'crm';
  return null;
}

/** A step may be shown when every step before it is answered (going back keeps the answers). */
function stepAllowed(context: OnboardingContext, step: QuestionnaireStep): boolean {
  const first = firstIncompleteStep(context);
  return first === null || questionnaireSteps.indexOf(step) <= questionnaireSteps.indexOf(first);
}

const questionnaireComplete = (context: OnboardingContext) => isBusinessComplete(context.business);

/**
 * A person who came in through a provider and has no sign-up yet (#35): no sign-up date and no
 * name on the profile. A returning person (same provider, or a code) has one and goes straight on.
 */
export function providerSignupDue(fetched: FetchedUser | undefined): boolean {
  const user = fetched?.user;
  return Boolean(user && fetched.provider && !user.is_anonymous && !user.data.signed_up_at && !user.profile.first_name);
}

export const onboardingMachine = setup({
  types: {
    context: {} as OnboardingContext,
    events: {} as OnboardingEvent,
    input: {} as OnboardingInput,
    emitted: {} as OnboardingEmitted,
  },
  actors: {
    /** GET /v1/user (null on failure: SPEC §4 rule 2) and GET /v1/business; saves `origin`. */
    fetchUser: fromPromise<FetchedUser, { origin: OnboardingContext['origin'] }>(notProvided('fetchUser')),
    /** POST /v1/signup/complete with the provider's claims, then the profile again (#35). */
    saveProviderSignup: fromPromise<FetchedUser, { signup: ProviderSignup; origin: OnboardingContext['origin'] }>(notProvided('saveProviderSignup')),
    /** PATCH /v1/user {phone} then sends the 6-digit code to that number. */
    savePhone: fromPromise<void, { phone: string }>(notProvided('savePhone')),
    /** PATCH /v1/business with one step's answers. */
    saveBusiness: fromPromise<Business, BusinessUpdate>(notProvided('saveBusiness')),
    /** Legitimacy verification, then the two identity-check functions: resolve user, look up kyc_status. */
    checkIdentity: fromPromise<KycStatus | null, { email: string | null }>(notProvided('checkIdentity')),
    /** GET /v1/subscription: the status of the person's current subscription, null without one. */
    checkSubscription: fromPromise<SubscriptionStatus | null, Record<string, never>>(notProvided('checkSubscription')),
    /** POST /v1/onboarding/finish: role + finished, only with a trialing or active subscription. */
    finishOnboarding: fromPromise<FinishResult, Record<string, never>>(notProvided('finishOnboarding')),
    /** The two next-steps analytics events (start-questionnaire-completed, web2app-onboarding-finished). */
    recordFinished: fromPromise<void, { firstTime: boolean }>(notProvided('recordFinished')),
  },
  guards: {
    hasNoSession: ({ context }) => context.session === null,
    isSignedOut: ({ event }) => event.type === 'session.changed' && event.session === null,
    isAnotherUser: ({ context, event }) =>
      event.type === 'session.changed' && event.session !== null && event.session.userId !== context.session?.userId,
    // SPEC §4 rule 3.
    isKycBlocked: ({ context }) => Boolean(context.user?.kyc_status && context.user.kyc_status !== 'VALIDATED'),
    // SPEC §4 rule 4, split by where the user asked to be.
    hasRoleOutsideSuccess: ({ context }) => Boolean(context.user?.role) && context.requested !== 'onboardingSuccess',
    hasRoleOnSuccess: ({ context }) => Boolean(context.user?.role) && context.requested === 'onboardingSuccess',
    // SPEC §4 rule 5; the "further check" is GET /v1/business: size and crm both filled.
    mustGoToNextSteps: ({ context }) =>
      context.session?.isAnonymous === false &&
      !context.user?.role &&
      context.requested !== 'nextSteps' &&
      context.requested !== 'checkoutForm' &&
      questionnaireComplete(context),
    requestedNextSteps: ({ context }) => context.requested === 'nextSteps',
    // SPEC §5: checkout requires kyc_status VALIDATED (and the questionnaire behind it).
    mayShowCheckout: ({ context }) =>
      context.requested === 'checkoutForm' && context.user?.kyc_status === 'VALIDATED' && firstIncompleteStep(context) === null,
    requestedStepAllowed: ({ context }, params: { step: QuestionnaireStep }) =>
      context.requested === params.step && stepAllowed(context, params.step),
    firstIncompleteIs: ({ context }, params: { step: QuestionnaireStep }) => firstIncompleteStep(context) === params.step,
    hasSession: ({ context }) => Boolean(context.session),
    isPhoneVerified: ({ context }) => phoneVerified(context),
    isQuestionnaireAnswered: ({ context }) => firstIncompleteStep(context) === null,
    isProviderNewcomerAfterFetch: ({ event }) => 'output' in event && providerSignupDue(event.output as FetchedUser | undefined),
    /** The number's code send was refused as the 60 s wait: the code sent before is on its way and valid. */
    isCodeAlreadyOnItsWay: ({ event }) => sendRefusalIn((event as { error?: unknown }).error)?.kind === 'cooldown',
    isPhoneVerifiedAfterFetch: ({ event }) =>
      'output' in event && Boolean((event.output as FetchedUser | undefined)?.user?.profile.phone_verified),
    isValidated: ({ event }) => 'output' in event && event.output === 'VALIDATED',
    hasLiveSubscription: ({ event }) => 'output' in event && (event.output === 'trialing' || event.output === 'active'),
  },
  actions: {
    takeLocation: assign(({ event }) => {
      assertEvent(event, 'location.changed');
      const parsed = parseOnboardingSearch(event.route, event.search);
      return { requested: event.route, ...parsed.values, error: null, ...(event.lng ? { lng: event.lng } : {}) };
    }),
    takeSession: assign(({ event }) => {
      assertEvent(event, 'session.changed');
      return { session: event.session, user: null, business: null };
    }),
    takeSessionOnly: assign(({ event }) => {
      assertEvent(event, 'session.changed');
      return { session: event.session };
    }),
    takeFetched: assign(({ event }) => {
      const output = (event as unknown as { output: FetchedUser }).output;
      return { user: output.user, business: output.business };
    }),
    forgetFetched: assign({ user: null, business: null }),
    markPhoneNotVerified: assign({ error: 'PHONE_NOT_VERIFIED' }),
    takeBusiness: assign(({ event }) => ({ business: (event as unknown as { output: Business }).output, error: null })),
    takeError: assign(({ event }) => ({ error: errorCode((event as unknown as { error: unknown }).error) })),
    clearError: assign({ error: null, sendRefusal: null }),
    /** A refused send: its code, and which refusal with when (the page says what happened and when to try again). */
    takeSendError: assign(({ event }) => {
      const error = (event as unknown as { error: unknown }).error;
      const refusal = sendRefusalIn(error);
      return { error: refusal?.kind === 'cooldown' ? null : errorCode(error), sendRefusal: refusal ? { ...refusal, at: Date.now() } : null };
    }),
    markRedirect: assign({ historyMode: 'replace' as const }),
    markStep: assign({ historyMode: 'push' as const }),
    takeKyc: assign(({ context, event }) => {
      const kyc = (event as unknown as { output: KycStatus | null }).output;
      return { user: context.user ? { ...context.user, kyc_status: kyc } : context.user };
    }),
    // SPEC §4: after a VALIDATED identity check, checkout opens on the monthly business plan.
    checkoutDefaults: assign({ interval: 'monthly' as const, plan: 'business' as const }),
    takePlan: assign(({ event }) => {
      assertEvent(event, 'checkout.selected');
      return { interval: event.interval, plan: event.plan, historyMode: 'replace' as const };
    }),
    takeRole: assign(({ context, event }) => {
      const output = (event as unknown as { output: FinishResult }).output;
      // The server only finishes a VALIDATED user with a subscription; a user whose profile fetch
      // failed earlier (rule 2) is known from here on by what the server just answered.
      const known = context.user ?? {
        id: context.session?.userId ?? '',
        role: null,
        kyc_status: 'VALIDATED' as const,
        is_anonymous: context.session?.isAnonymous ?? false,
        profile: { first_name: null, last_name: null, email: null, phone: null, phone_verified: false, onboarding_finished_at: null },
        data: {},
      };
      return { user: { ...known, role: output.role, profile: { ...known.profile, onboarding_finished_at: output.onboarding_finished_at } } };
    }),
    viewed: emit((_, params: { step: string }) => ({ type: 'step.viewed' as const, step: params.step })),
    verifyPhoneSatisfied: emit({ type: 'step.skipped' as const, step: 'verify-phone', reason: 'already-satisfied' as const }),
  },
}).createMachine({
  id: 'onboarding',
  context: ({ input }) => {
    const parsed = parseOnboardingSearch(input.location.route, input.location.search);
    return {
      lng: input.lng,
      webAppUrl: input.webAppUrl,
      requested: input.location.route,
      origin: null,
      email: null,
      interval: 'yearly',
      plan: 'business',
      ...parsed.values,
      session: input.session,
      user: null,
      business: null,
      historyMode: 'replace',
      error: null,
      sendRefusal: null,
    };
  },
  initial: 'waitingForSession',
  on: {
    // Typed URLs, links, back and forward: the loader rules decide again, with what is already known.
    'location.changed': { target: '.routing', actions: 'takeLocation' },
    'session.changed': [
      { guard: 'isSignedOut', target: '.home', actions: 'takeSession' },
      { guard: 'isAnotherUser', target: '.loadingProfile', actions: 'takeSession' },
    ],
  },
  states: {
    /** The auth client has not read its session yet (cookie, refresh). */
    waitingForSession: {
      always: [
        // SPEC §4 rule 1: no session → the language home, replacing history.
        { guard: 'hasNoSession', target: 'home' },
        { guard: 'hasSession', target: 'loadingProfile' },
      ],
      on: {
        // Overrides the chart-wide handler: here the first answer is awaited, whatever it is.
        'session.changed': { actions: 'takeSessionOnly' },
        // Nothing is decided before the loader has run: the request is only remembered.
        'location.changed': { actions: 'takeLocation' },
      },
    },
    /** The loader's profile fetch. A failure is a null user (SPEC §4 rule 2), never an error page. */
    loadingProfile: {
      on: { 'location.changed': { actions: 'takeLocation' } },
      invoke: {
        id: 'fetchUser',
        src: 'fetchUser',
        input: ({ context }) => ({ origin: context.origin }),
        onDone: [
          // New through a provider: the sign-up is recorded from the claims before anything else.
          { guard: 'isProviderNewcomerAfterFetch', target: 'savingProviderSignup', actions: 'takeFetched' },
          // A phone proven by the sign-up code needs no verify-phone page: the funnel report counts
          // the step as passed, not as a drop (server/analytics/funnel.ts).
          { guard: 'isPhoneVerifiedAfterFetch', target: 'routing', actions: ['takeFetched', 'verifyPhoneSatisfied'] },
          { target: 'routing', actions: 'takeFetched' },
        ],
        onError: { target: 'routing', actions: 'forgetFetched' },
      },
    },
    /**
     * Signed up through Google, Microsoft, Apple or an OpenID Connect provider (#35): the names and
     * email the provider vouches for become the sign-up (as the landing form's would), then the
     * loader rules route as for anyone; the phone is proven by code on verify-phone as usual.
     * A failed save goes on with the profile as fetched: nothing in the funnel needs it.
     */
    savingProviderSignup: {
      on: { 'location.changed': { actions: 'takeLocation' } },
      invoke: {
        id: 'saveProviderSignup',
        src: 'saveProviderSignup',
        input: ({ context, event }) => ({ signup: (event as unknown as { output: FetchedUser }).output.provider as ProviderSignup, origin: context.origin }),
        onDone: { target: 'routing', actions: 'takeFetched' },
        onError: { target: 'routing' },
      },
    },
    /** The loader rules of SPEC §4, in order, then where the requested address may lead. */
    routing: {
      entry: 'markRedirect',
      // Rule 1 is decided before the profile fetch (waitingForSession) and on sign-out (chart-wide).
      always: [
        { guard: 'isKycBlocked', target: 'failure' },
        { guard: 'hasRoleOutsideSuccess', target: 'webApp' },
        { guard: 'hasRoleOnSuccess', target: 'success' },
        { guard: 'mustGoToNextSteps', target: 'nextSteps' },
        { guard: 'requestedNextSteps', target: 'nextSteps' },
        { guard: 'mayShowCheckout', target: 'checkoutForm' },
        { guard: { type: 'requestedStepAllowed', params: { step: 'verifyPhone' } }, target: 'verifyPhone' },
        { guard: { type: 'requestedStepAllowed', params: { step: 'size' } }, target: 'size' },
        { guard: { type: 'requestedStepAllowed', params: { step: 'details' } }, target: 'details' },
        { guard: { type: 'requestedStepAllowed', params: { step: 'crm' } }, target: 'crm' },
        // Anything else (the index, a step not reached yet, checkout or success too early): resume.
        { guard: { type: 'firstIncompleteIs', params: { step: 'verifyPhone' } }, target: 'verifyPhone' },
        { guard: { type: 'firstIncompleteIs', params: { step: 'size' } }, target: 'size' },
        { guard: { type: 'firstIncompleteIs', params: { step: 'details' } }, target: 'details' },
        { guard: { type: 'firstIncompleteIs', params: { step: 'crm' } }, target: 'crm' },
        { target: 'identityCheck' },
      ],
    },
    verifyPhone: {
      entry: { type: 'viewed', params: { step: 'verify-phone' } },
      initial: 'enteringNumber',
      states: {
        enteringNumber: {
          on: {
            'phone.submitted': { target: 'sendingCode', actions: 'clearError' },
            // Back on this step with a number already confirmed: the guard lets them straight on.
            'phone.verified': { guard: 'isPhoneVerified', target: '#onboarding.size', actions: 'markStep' },
          },
        },
        sendingCode: {
          invoke: {
            id: 'savePhone',
            src: 'savePhone',
            input: ({ event }) => {
              assertEvent(event, 'phone.submitted');
              return { phone: event.phone };
            },
            onDone: { target: 'enteringCode', actions: 'clearError' },
            onError: [
              { guard: 'isCodeAlreadyOnItsWay', target: 'enteringCode', actions: 'takeSendError' },
              { target: 'enteringNumber', actions: 'takeSendError' },
            ],
          },
        },
        enteringCode: {
          on: {
            'phone.verified': { target: 'confirming', actions: 'clearError' },
            'phone.edit': { target: 'enteringNumber', actions: 'clearError' },
          },
        },
        /** The code was accepted by the auth service: re-read the profile so the guard sees it. */
        confirming: {
          invoke: {
            id: 'refetchUser',
            src: 'fetchUser',
            input: ({ context }) => ({ origin: context.origin }),
            onDone: [
              { guard: 'isPhoneVerifiedAfterFetch', target: '#onboarding.size', actions: ['takeFetched', 'markStep'] },
              { target: 'enteringCode', actions: ['takeFetched', 'markPhoneNotVerified'] },
            ],
            onError: { target: 'enteringCode', actions: 'takeError' },
          },
        },
      },
    },
    size: {
      entry: { type: 'viewed', params: { step: 'size' } },
      initial: 'answering',
      states: {
        answering: {
          on: { 'size.submitted': 'saving' },
        },
        saving: {
          invoke: {
            id: 'saveSize',
            src: 'saveBusiness',
            input: ({ event }) => {
              assertEvent(event, 'size.submitted');
              return { size: event.size };
            },
            onDone: { target: '#onboarding.details', actions: ['takeBusiness', 'markStep'] },
            onError: { target: 'answering', actions: 'takeError' },
          },
        },
      },
    },
    details: {
      entry: { type: 'viewed', params: { step: 'details' } },
      initial: 'answering',
      on: { 'step.back': { target: 'size', actions: ['markStep', 'clearError'] } },
      states: {
        answering: {
          on: { 'details.submitted': 'saving' },
        },
        saving: {
          invoke: {
            id: 'saveDetails',
            src: 'saveBusiness',
            input: ({ event }) => {
              assertEvent(event, 'details.submitted');
              return { ...event.details };
            },
            onDone: { target: '#onboarding.crm', actions: ['takeBusiness', 'markStep'] },
            onError: { target: 'answering', actions: 'takeError' },
          },
        },
      },
    },
    crm: {
      entry: { type: 'viewed', params: { step: 'crm' } },
      initial: 'answering',
      on: { 'step.back': { target: 'details', actions: ['markStep', 'clearError'] } },
      states: {
        answering: {
          on: { 'crm.submitted': 'saving' },
        },
        saving: {
          invoke: {
            id: 'saveCrm',
            src: 'saveBusiness',
            input: ({ event }) => {
              assertEvent(event, 'crm.submitted');
              return { crm: event.answer.crm, crm_other: event.answer.crm === 'other' ? (event.answer.crm_other ?? null) : null };
            },
            // Transient identity check next: it has its own loading view and no address of its own.
            onDone: { target: '#onboarding.identityCheck', actions: ['takeBusiness', 'markRedirect'] },
            onError: { target: 'answering', actions: 'takeError' },
          },
        },
      },
    },
    /**
     * SPEC §4 identity check: resolve email and phone from the session, look up kyc_status;
     * VALIDATED → checkout-form?interval=monthly&plan=business, else the failure page (both replace).
     */
    identityCheck: {
      initial: 'checking',
      states: {
        checking: {
          invoke: {
            id: 'checkIdentity',
            src: 'checkIdentity',
            input: ({ context }) => ({ email: context.email }),
            onDone: [
              { guard: 'isValidated', target: '#onboarding.checkoutForm', actions: ['takeKyc', 'checkoutDefaults', 'markRedirect'] },
              { target: '#onboarding.failure', actions: ['takeKyc', 'markRedirect'] },
            ],
            onError: { target: 'failed', actions: 'takeError' },
          },
        },
        failed: {
          on: { retry: { target: 'checking', actions: 'clearError' } },
        },
      },
    },
    /** The paywall (engineer C's page); the plan and interval live in the address. */
    checkoutForm: {
      entry: { type: 'viewed', params: { step: 'checkout-form' } },
      on: {
        'checkout.selected': { actions: 'takePlan' },
        'checkout.started': 'payment',
      },
    },
    /**
     * Leaving for the payment provider. It brings the browser back to next-steps, and Back from its
     * page returns to the paywall: both arrive as `location.changed` (the chart-wide handler).
     */
    payment: {},
    nextSteps: {
      entry: { type: 'viewed', params: { step: 'next-steps' } },
      initial: 'checkingSubscription',
      states: {
        /**
         * A role comes with a trialing or active subscription (the server enforces it too). Without
         * one: on to the identity check and checkout or, with questions still unanswered (a typed
         * address), back to the first of them.
         */
        checkingSubscription: {
          invoke: {
            id: 'checkSubscription',
            src: 'checkSubscription',
            input: () => ({}),
            onDone: [
              { guard: 'hasLiveSubscription', target: 'finishing' },
              { guard: 'isQuestionnaireAnswered', target: '#onboarding.identityCheck', actions: 'markRedirect' },
              // One line per step, written out so Stately's code import reads every target.
              { guard: { type: 'firstIncompleteIs', params: { step: 'verifyPhone' as const } }, target: '#onboarding.verifyPhone', actions: 'markRedirect' },
              { guard: { type: 'firstIncompleteIs', params: { step: 'size' as const } }, target: '#onboarding.size', actions: 'markRedirect' },
              { guard: { type: 'firstIncompleteIs', params: { step: 'details' as const } }, target: '#onboarding.details', actions: 'markRedirect' },
              { target: '#onboarding.crm', actions: 'markRedirect' },
            ],
            onError: { target: 'failed', actions: 'takeError' },
          },
        },
        finishing: {
          invoke: {
            id: 'finishOnboarding',
            src: 'finishOnboarding',
            input: () => ({}),
            onDone: { target: 'recording', actions: 'takeRole' },
            onError: { target: 'failed', actions: 'takeError' },
          },
        },
        recording: {
          invoke: {
            id: 'recordFinished',
            src: 'recordFinished',
            input: ({ event }) => ({ firstTime: (event as unknown as { output: FinishResult }).output.first_time }),
            onDone: { target: '#onboarding.success', actions: 'markStep' },
            // Analytics never blocks the user.
            onError: { target: '#onboarding.success', actions: 'markStep' },
          },
        },
        failed: {
          on: { retry: { target: 'checkingSubscription', actions: 'clearError' } },
        },
      },
    },
    /** Download the app, tap Sign in, set up the account, unlock the web and desktop apps. */
    success: {
      entry: { type: 'viewed', params: { step: 'success' } },
    },
    /** Exits: the projection turns these into a history-replacing redirect; the route unmounts. */
    home: { type: 'final' },
    failure: { type: 'final' },
    webApp: { type: 'final' },
  },
});

export type OnboardingMachine = typeof onboardingMachine;
export { type OnboardingRoute };
