import { fromCallback, fromPromise, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { appMachine, type FunnelInput } from '../../../machines/app.machine';
import type { AddressFacts, AppEvent, FunnelReport } from '../../../machines/app.types';
import type { ChartModel } from '../../helpers/chart-model';

/**
 * The application chart's test model: the real chart, a funnel child that stays silent (its reports
 * are fixtures), browser effects left out. Every address kind arrives once as the start and again as
 * `url.changed`, so each page state is reached both ways.
 */

export const address = (pathname: string, extra: Partial<AddressFacts> = {}): AddressFacts => ({
  pathname,
  search: '',
  detected: 'en',
  signedIn: false,
  tracking: {},
  ...extra,
});

const report = (extra: Partial<FunnelReport>): FunnelReport => ({
  href: '/en/onboarding/steps/size',
  replace: false,
  exit: null,
  kyc: null,
  hasRole: false,
  businessComplete: false,
  ...extra,
});

/** One address per page kind (and the redirects: `/`, an unknown language, a signed-in arrival). */
export const arrivals: AddressFacts[] = [
  address('/'),
  address('/xx/form'),
  address('/fr', { signedIn: true, search: 'utm_campaign=again', tracking: { custom_code: 'E2E10' } }),
  address('/en/demo'),
  address('/en/sign-in-otp'),
  address('/fr/onboarding/steps/details'),
  address('/en/failure'),
  address('/account'),
  address('/voice-generator'),
  address('/en/privacy'),
  address('/inspect/charts'),
];

export const appEventFixtures = {
  'url.changed': arrivals.map((facts) => ({ type: 'url.changed', ...facts })),
  'signup.completed': [{ type: 'signup.completed', origin: 'default', tracking: { utm_source: 'ads' } }],
  'signIn.completed': [
    { type: 'signIn.completed', resumed: false },
    { type: 'signIn.completed', resumed: true },
  ],
  'review.validated': [{ type: 'review.validated' }],
  signedOut: [{ type: 'signedOut' }],
  'language.chosen': [{ type: 'language.chosen', lng: 'fr' }],
  leave: [{ type: 'leave', href: 'https://checkout.example/session' }],
  'signIn.instead': [{ type: 'signIn.instead', phone: '+33612345678' }],
  'funnel.back': [
    { type: 'funnel.back', previousIsStep: true },
    { type: 'funnel.back', previousIsStep: false },
  ],
  'funnel.changed': [
    { type: 'funnel.changed', report: report({ href: '/en/onboarding/steps/size' }) },
    { type: 'funnel.changed', report: report({ href: null, kyc: 'VALIDATED', businessComplete: true }) },
    { type: 'funnel.changed', report: report({ href: '/en/onboarding/checkout-form', kyc: 'PENDING_REVIEW', hasRole: true }) },
    { type: 'funnel.changed', report: report({ href: null, exit: 'failure', kyc: 'REJECTED' }) },
    { type: 'funnel.changed', report: report({ href: null, exit: 'home' }) },
    { type: 'funnel.changed', report: report({ href: null, exit: 'webApp', hasRole: true, businessComplete: true, kyc: 'VALIDATED' }) },
  ],
  'session.changed': [
    { type: 'session.changed', session: null },
    { type: 'session.changed', session: { userId: 'u1', isAnonymous: true } },
    { type: 'session.changed', session: { userId: 'u1', isAnonymous: false } },
  ],
} satisfies { [K in AppEvent['type']]: readonly Extract<AppEvent, { type: K }>[] };

/** The sign-out's outcomes (the stand-in never settles): done, or refused (the page moves on either way). */
export const appActorOutcomes: AnyEventObject[] = [
  { type: 'xstate.done.actor.signOut', output: undefined },
  { type: 'xstate.error.actor.signOut', error: new Error('network down') },
];

export const appModel: ChartModel = {
  machine: appMachine.provide({
    actors: {
      funnel: fromCallback<AnyEventObject, FunnelInput>(() => undefined),
      signOut: fromPromise(() => new Promise<void>(() => undefined)),
    },
  }),
  inputs: [{ address: address('/en'), webAppUrl: 'https://app.example' }],
  fixtures: [...(Object.values(appEventFixtures).flat() as AnyEventObject[]), ...appActorOutcomes],
  // The state value alone: which page, language, search and funnel report the context holds change
  // only what the address says (the projection tests check that), never which transitions are enabled.
  serialize: (snapshot: AnyMachineSnapshot) => JSON.stringify(snapshot.value),
};
