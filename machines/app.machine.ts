import { assign, fromCallback, fromPromise, sendTo, setup, type AnyEventObject } from 'xstate';
import { decideRoute, type RoutedName } from '../core/routes/route-matching';
import { withSearch } from '../core/routes/paths';
import { trackingParamNames } from '../core/routes/tracking-params';
import type { AddressFacts, AppContext, AppEvent, AppInput, ArrivedAddress, FunnelReport, SessionFacts } from './app.types';
import { onboardingRoutes, type OnboardingRoute } from './onboarding.types';

/**
 * The application chart: which page the visitor is on and in which language, the session, and the
 * person's standing (identity check, role, company answers), with the onboarding funnel as a child
 * actor. The browser's address is its projection (app.url.ts): every address the browser reaches
 * (first load, link, typed, back, forward, reload) arrives as `url.changed`, and every move a page
 * asks for (sign-up done, signed in, signed out, leaving for the payment page) is an event here —
 * no component writes the address.
 *
 * Effects are named: `funnel` (the funnel's own chart, loaded with its page), `signOut` (this
 * session's sign-out), `historyBack`, `rememberLanguage`, `saveTracking`. The browser provides them
 * (src/app/address/start-app.ts).
 */

const landingPages: readonly RoutedName[] = ['home', 'form', 'demo', 'emailForm'];
/** SPEC §2: these landing pages send a visitor who arrives holding a session on to onboarding. */
const redirectingLandingPages: readonly RoutedName[] = ['home', 'form', 'emailForm'];

const isFunnelPage = (page: RoutedName): page is OnboardingRoute => (onboardingRoutes as readonly string[]).includes(page);

/** An address decided to the page it shows: redirects (`/`, an unknown language) resolved. */
export function resolveAddress(facts: AddressFacts): ArrivedAddress['resolved'] {
  let pathname = facts.pathname;
  // `/` → `/en`, `/xx/form` → `/en/form`, unknown → `/`: at most three steps.
  for (let step = 0; step < 4; step += 1) {
    const decision = decideRoute(pathname, () => facts.detected);
    if (decision.kind === 'page') return { page: decision.name, lng: decision.lng ?? facts.detected, search: facts.search.replace(/^\?/, '') };
    pathname = decision.to;
  }
  return { page: 'home', lng: facts.detected, search: facts.search.replace(/^\?/, '') };
}

const arrivedPage = (context: AppContext) => context.arrived?.resolved.page ?? context.page;

const arrival = (facts: AddressFacts, link = false): ArrivedAddress => ({ ...facts, resolved: resolveAddress(facts), link });

/**
 * How the page decided on after an address enters history: a link's address is not in history yet,
 * so the page the chart decides on is a move (pushed); an address the browser is already at (load,
 * Back) is replaced by a redirect. A page the chart refuses is never written either way.
 */
const entryMode = (link: boolean | undefined) => (link ? ('link' as const) : ('replace' as const));

/** After a link into the funnel, the funnel's first decision is the move (see AppContext.linkPending). */
const afterFunnelDecided = (context: AppContext) => ({ historyMode: entryMode(context.linkPending), linkPending: false });

/** The funnel chart's input, from what the app knows. */
export interface FunnelInput {
  lng: AppContext['lng'];
  route: OnboardingRoute;
  search: string;
  session: SessionFacts | null | undefined;
  webAppUrl: string;
}

export const appMachine = setup({
  types: {
    context: {} as AppContext & { session: SessionFacts | null | undefined; stepBackPending: boolean },
    events: {} as AppEvent,
    input: {} as AppInput,
  },
  actors: {
    /** The onboarding funnel's chart; reports its address and the person's standing as `funnel.changed`. */
    funnel: fromCallback<AnyEventObject, FunnelInput>(() => undefined),
    /** Ends this browser's session (src/platform/session/sign-out.ts); its outcome either way is the next page. */
    signOut: fromPromise<void>(async () => {
      throw new Error('signOut is not provided');
    }),
  },
  guards: {
    arrivesSignedInOnLanding: ({ context }) => Boolean(context.arrived?.signedIn) && redirectingLandingPages.includes(arrivedPage(context)),
    isLandingPage: ({ context }) => landingPages.includes(arrivedPage(context)),
    isSignInPage: ({ context }) => arrivedPage(context) === 'signInOtp',
    isFunnelPage: ({ context }) => isFunnelPage(arrivedPage(context)),
    isReviewPage: ({ context }) => arrivedPage(context) === 'failure',
    isAccountPage: ({ context }) => arrivedPage(context) === 'account',
    isGeneratorPage: ({ context }) => ['voiceGenerator', 'voiceGeneratorLocalized'].includes(arrivedPage(context)),
    isChartsPage: ({ context }) => arrivedPage(context) === 'charts',
    staysInFunnel: ({ event }) => event.type === 'url.changed' && isFunnelPage(resolveAddress(event).page),
    funnelExitedHome: ({ event }) => event.type === 'funnel.changed' && event.report.exit === 'home',
    funnelExitedToReview: ({ event }) => event.type === 'funnel.changed' && event.report.exit === 'failure',
    funnelExitedToWebApp: ({ event }) => event.type === 'funnel.changed' && event.report.exit === 'webApp',
    previousEntryIsStep: ({ event }) => event.type === 'funnel.back' && event.previousIsStep,
    isSignedOut: ({ event }) => event.type === 'session.changed' && event.session === null,
    isAnonymous: ({ event }) => event.type === 'session.changed' && Boolean(event.session?.isAnonymous),
    isPerson: ({ event }) => event.type === 'session.changed' && event.session?.isAnonymous === false,
    // The person's standing as the funnel reports it; one guard per fact, the value as a param.
    kycIs: ({ event }, params: { status: FunnelReport['kyc'] }) => event.type === 'funnel.changed' && event.report.kyc === params.status,
    roleIs: ({ event }, params: { assigned: boolean }) => event.type === 'funnel.changed' && event.report.hasRole === params.assigned,
    businessIs: ({ event }, params: { complete: boolean }) => event.type === 'funnel.changed' && event.report.businessComplete === params.complete,
  },
  actions: {
    takeAddress: assign(({ event }) => {
      if (event.type !== 'url.changed') return {};
      const { type: _type, link, ...facts } = event;
      return { arrived: arrival(facts, link) };
    }),
    // Whatever differs from the address that arrived is a redirect: it replaces the entry.
    showArrivedPage: assign(({ context }) => {
      if (!context.arrived) return {};
      const { resolved, link } = context.arrived;
      // A link into the funnel waits for the funnel's decision before anything is written.
      return { ...resolved, arrived: null, historyMode: entryMode(link), linkPending: link && isFunnelPage(resolved.page), leaveTo: null };
    }),
    // SPEC §2: the onboarding address carries the tracking values (arrival's or stored ones).
    sendOnToOnboarding: assign(({ context }) => {
      const arrived = context.arrived;
      const resolved = arrived?.resolved ?? { lng: context.lng, search: '' };
      const current = new URLSearchParams(resolved.search);
      const tracking: Record<string, string> = { ...(arrived?.tracking ?? {}) };
      // The arrival's own values win over stored ones.
      for (const name of trackingParamNames) {
        const value = current.get(name);
        if (value) tracking[name] = value;
      }
      const link = Boolean(arrived?.link);
      return { page: 'onboarding' as const, lng: resolved.lng, search: withSearch('', tracking).replace(/^\?/, ''), arrived: null, historyMode: entryMode(link), linkPending: link };
    }),
    startOnboardingAfterSignup: assign(({ event }) => {
      if (event.type !== 'signup.completed') return {};
      const search = withSearch('', { origin: event.origin, ...event.tracking }).replace(/^\?/, '');
      // Replace: Back from onboarding must not return to a code screen that was already used.
      return { page: 'onboarding' as const, search, historyMode: 'replace' as const, funnel: null, linkPending: false };
    }),
    startOnboardingAfterSignIn: assign(({ event }) => ({
      page: 'onboarding' as const,
      search: '',
      // Back from an emailed link: the sign-in page's entry held only the link's code.
      historyMode: event.type === 'signIn.completed' && event.resumed ? ('replace' as const) : ('push' as const),
      funnel: null,
      linkPending: false,
    })),
    // Replace: Back from the paywall must not return to a review that is over.
    continueToPaywall: assign({ page: 'onboarding' as const, search: '', historyMode: 'replace' as const, funnel: null, linkPending: false }),
    // The funnel's exits (and sign-out) replace, unless a link led here: then they are the link's move.
    goHome: assign(({ context }) => ({ page: 'home' as const, search: '', funnel: null, ...afterFunnelDecided(context) })),
    showReview: assign(({ context }) => ({ page: 'failure' as const, search: '', funnel: null, ...afterFunnelDecided(context) })),
    leaveForWebApp: assign(({ context }) => ({ leaveTo: context.webAppUrl, ...afterFunnelDecided(context) })),
    takeSignInPhone: assign(({ event }) => (event.type === 'signIn.instead' ? { signInPhone: event.phone } : {})),
    // A move the person asked for (Back returns to the page they left); the funnel's report is theirs no more.
    showSignInPrefilled: assign(({ context }) => ({
      page: 'signInOtp' as const,
      search: withSearch('', { phone: context.signInPhone }).replace(/^\?/, ''),
      historyMode: 'push' as const,
      linkPending: false,
      funnel: null,
      signInPhone: null,
    })),
    leaveForAddress: assign(({ event }) => (event.type === 'leave' ? { leaveTo: event.href, historyMode: 'push' as const, linkPending: false } : {})),
    takeFunnel: assign(({ context, event }) => {
      if (event.type !== 'funnel.changed') return {};
      // A funnel that is deciding (loading, checking) keeps the address it has.
      const report: FunnelReport = event.report.href === null ? { ...event.report, href: context.funnel?.href ?? null } : event.report;
      // After a link, the funnel's first page is the move even where it is the page it showed before.
      const moved = event.report.href !== null && (event.report.href !== context.funnel?.href || context.linkPending);
      if (!moved) return { funnel: report };
      const decided = decideRoute(new URL(event.report.href ?? '/', 'http://funnel').pathname);
      // The in-page Back that could not use history steps back in place.
      // A link's move pushes whatever the funnel decided (its loader rules replace only what the browser holds).
      const replace = report.replace || context.stepBackPending;
      return {
        funnel: report,
        ...(decided.kind === 'page' ? { page: decided.name } : {}),
        historyMode: context.linkPending ? ('link' as const) : replace ? ('replace' as const) : ('push' as const),
        stepBackPending: false,
        linkPending: false,
      };
    }),
    takeFunnelLocation: assign(({ context, event }) => {
      if (event.type !== 'url.changed') return {};
      const resolved = resolveAddress(event);
      // Until the funnel has decided on it, the address is the one that arrived.
      const funnel = context.funnel ? { ...context.funnel, href: null } : null;
      return { lng: resolved.lng, page: resolved.page, search: resolved.search, arrived: null, historyMode: entryMode(event.link), linkPending: Boolean(event.link), funnel };
    }),
    forwardLocation: sendTo('funnel', ({ event }) => {
      const resolved = event.type === 'url.changed' ? resolveAddress(event) : null;
      return { type: 'location.changed', route: resolved?.page ?? 'onboarding', search: resolved?.search ?? '', lng: resolved?.lng };
    }),
    forwardStepBack: sendTo('funnel', { type: 'step.back' }),
    markStepBack: assign({ stepBackPending: true }),
    forwardSession: sendTo('funnel', ({ event }) => ({ type: 'session.changed', session: event.type === 'session.changed' ? event.session : null })),
    takeLanguage: assign(({ context, event }) => (event.type === 'language.chosen' ? { lng: event.lng } : { lng: context.lng })),
    takeSession: assign(({ event }) => (event.type === 'session.changed' ? { session: event.session } : {})),
    /** Browser: history.back(); the entry before arrives as `url.changed`. */
    historyBack: () => undefined,
    /** Browser: stores the language (SPEC §3) and switches the translations. */
    rememberLanguage: () => undefined,
    /** Browser: keeps custom_code and utm values from the address (SPEC §2), before a redirect drops them. */
    saveTracking: () => undefined,
  },
}).createMachine({
  id: 'app',
  type: 'parallel',
  context: ({ input }) => ({
    lng: input.address.detected,
    page: 'home',
    search: '',
    historyMode: 'replace',
    linkPending: false,
    leaveTo: null,
    signInPhone: null,
    funnel: null,
    arrived: arrival(input.address),
    webAppUrl: input.webAppUrl,
    session: undefined,
    stepBackPending: false,
  }),
  states: {
    /** Which page is on screen. Its address is the projection (app.url.ts). */
    page: {
      initial: 'routing',
      on: {
        'url.changed': { target: '.routing', actions: 'takeAddress' },
        signedOut: { target: '.landing', actions: 'goHome' },
        // PhoneTakenNotice: that number has its own account, so the person signs in to it.
        'signIn.instead': { target: '.signingOut', actions: 'takeSignInPhone' },
        'language.chosen': { actions: ['takeLanguage', 'rememberLanguage'] },
      },
      states: {
        /** SPEC §2's address rules: the page for the address, or a redirect that replaces history. */
        routing: {
          // Saved on any address, before a redirect drops them from it.
          entry: 'saveTracking',
          always: [
            { guard: 'arrivesSignedInOnLanding', target: 'funnel', actions: ['sendOnToOnboarding', 'rememberLanguage'] },
            { guard: 'isLandingPage', target: 'landing', actions: ['showArrivedPage', 'rememberLanguage'] },
            { guard: 'isSignInPage', target: 'signIn', actions: ['showArrivedPage', 'rememberLanguage'] },
            { guard: 'isFunnelPage', target: 'funnel', actions: ['showArrivedPage', 'rememberLanguage'] },
            { guard: 'isReviewPage', target: 'review', actions: ['showArrivedPage', 'rememberLanguage'] },
            { guard: 'isAccountPage', target: 'account', actions: ['showArrivedPage', 'rememberLanguage'] },
            { guard: 'isGeneratorPage', target: 'generator', actions: ['showArrivedPage', 'rememberLanguage'] },
            { guard: 'isChartsPage', target: 'charts', actions: ['showArrivedPage', 'rememberLanguage'] },
            // Success, app download, privacy, terms, contact: every other page.
            { target: 'info', actions: ['showArrivedPage', 'rememberLanguage'] },
          ],
        },
        /** The start page, form, demo and email-form: the sign-up chart runs on them. */
        landing: {
          on: { 'signup.completed': { target: 'funnel', actions: 'startOnboardingAfterSignup' } },
        },
        signIn: {
          on: { 'signIn.completed': { target: 'funnel', actions: 'startOnboardingAfterSignIn' } },
        },
        /** verify-phone → size → details → crm → identity check → checkout → next-steps → success. */
        funnel: {
          invoke: {
            id: 'funnel',
            src: 'funnel',
            input: ({ context }) => ({
              lng: context.lng,
              route: isFunnelPage(context.page) ? context.page : 'onboarding',
              search: context.search,
              session: context.session,
              webAppUrl: context.webAppUrl,
            }),
          },
          on: {
            // Another funnel address (typed, back, forward, a link): the funnel's loader rules decide.
            'url.changed': [
              { guard: 'staysInFunnel', actions: ['takeFunnelLocation', 'saveTracking', 'rememberLanguage', 'forwardLocation'] },
              { target: 'routing', actions: 'takeAddress' },
            ],
            'funnel.changed': [
              { guard: 'funnelExitedHome', target: 'landing', actions: 'goHome' },
              { guard: 'funnelExitedToReview', target: 'review', actions: 'showReview' },
              { guard: 'funnelExitedToWebApp', target: 'leaving', actions: 'leaveForWebApp' },
              { actions: 'takeFunnel' },
            ],
            'funnel.back': [
              { guard: 'previousEntryIsStep', actions: 'historyBack' },
              { actions: ['markStepBack', 'forwardStepBack'] },
            ],
            // The funnel's loader rules read the session too (SPEC §4 rule 1).
            'session.changed': { actions: 'forwardSession' },
            // The hosted checkout.
            leave: { target: 'leaving', actions: 'leaveForAddress' },
          },
        },
        /** Identity review's waiting room (the failure page). */
        review: {
          on: { 'review.validated': { target: 'funnel', actions: 'continueToPaywall' } },
        },
        account: {
          // The card update page.
          on: { leave: { target: 'leaving', actions: 'leaveForAddress' } },
        },
        generator: {},
        /** Success, app download, privacy, terms, contact. */
        info: {},
        charts: {},
        /**
         * Signing this session out to sign in to another account: the page stays (its button says it
         * is busy) and so does the address; the funnel, no longer shown, is not told the session
         * ended (it would send the page home in between). Then the sign-in page, its form (nobody is
         * signed in) with the number filled in, whatever the server answered.
         */
        signingOut: {
          invoke: {
            id: 'signOut',
            src: 'signOut',
            onDone: { target: 'signIn', actions: 'showSignInPrefilled' },
            onError: { target: 'signIn', actions: 'showSignInPrefilled' },
          },
        },
        /** Leaving the SPA for an address outside it; the page stays until the browser goes. */
        leaving: {},
      },
    },
    /** What the app may assume of the visitor's session. */
    session: {
      initial: 'unknown',
      on: {
        'session.changed': [
          { guard: 'isSignedOut', target: '.signedOut', actions: 'takeSession' },
          { guard: 'isAnonymous', target: '.anonymous', actions: 'takeSession' },
          { guard: 'isPerson', target: '.signedIn', actions: 'takeSession' },
        ],
      },
      states: { unknown: {}, signedOut: {}, anonymous: {}, signedIn: {} },
    },
    /** The person's standing, as the funnel last found it (SPEC §4's loader rules read these). */
    standing: {
      type: 'parallel',
      states: {
        kyc: {
          initial: 'unknown',
          on: {
            'funnel.changed': [
              { guard: { type: 'kycIs', params: { status: 'VALIDATED' } }, target: '.validated' },
              { guard: { type: 'kycIs', params: { status: 'PENDING_REVIEW' } }, target: '.inReview' },
              { guard: { type: 'kycIs', params: { status: 'REJECTED' } }, target: '.rejected' },
              { guard: { type: 'kycIs', params: { status: null } }, target: '.unknown' },
            ],
          },
          states: { unknown: {}, validated: {}, inReview: {}, rejected: {} },
        },
        role: {
          initial: 'none',
          on: {
            'funnel.changed': [
              { guard: { type: 'roleIs', params: { assigned: true } }, target: '.assigned' },
              { guard: { type: 'roleIs', params: { assigned: false } }, target: '.none' },
            ],
          },
          states: { none: {}, assigned: {} },
        },
        business: {
          initial: 'incomplete',
          on: {
            'funnel.changed': [
              { guard: { type: 'businessIs', params: { complete: true } }, target: '.complete' },
              { guard: { type: 'businessIs', params: { complete: false } }, target: '.incomplete' },
            ],
          },
          states: { incomplete: {}, complete: {} },
        },
      },
    },
  },
});

export type AppMachine = typeof appMachine;
