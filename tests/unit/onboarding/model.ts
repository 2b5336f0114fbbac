import { cooldownMessage, requestLimitMessage } from '../../../core/auth-codes';
import { getAdjacencyMap, getShortestPaths, type StatePath } from '@xstate/graph';
import { fromPromise, type AnyTransitionDefinition, type SnapshotFrom } from 'xstate';
import type { Business } from '../../../core/contracts/onboarding';
import type { User } from '../../../core/contracts/user';
import { activeStateIds } from '../../../machines/active-states';
import { onboardingMachine } from '../../../machines/onboarding.machine';
import type { OnboardingEvent, OnboardingInput, OnboardingRoute, SessionInfo } from '../../../machines/onboarding.types';
import { onboardingRoutes } from '../../../machines/onboarding.types';
import { chartStateIds, chartTransitions, replayChart, type ChartReplay } from '../../helpers/chart-replay';

/**
 * The funnel chart's test model: fixtures for every event (checked exhaustively with `satisfies`),
 * the paths @xstate/graph derives from the REAL chart, and a replay that measures which state nodes
 * and which transition definitions the paths take. Invoked actors are stand-ins that never settle:
 * their outcomes are the `xstate.done.actor.*` / `xstate.error.actor.*` events of the path.
 */

export type Snapshot = SnapshotFrom<typeof onboardingMachine>;
/** A path event: a chart event, or an invoked actor's outcome. */
export type ModelEvent = OnboardingEvent | { type: `xstate.done.actor.${string}`; output: unknown } | { type: `xstate.error.actor.${string}`; error: unknown };

export const sessions = {
  member: { userId: '00000000-0000-4000-8000-000000000001', isAnonymous: false },
  guest: { userId: '00000000-0000-4000-8000-000000000002', isAnonymous: true },
  other: { userId: '00000000-0000-4000-8000-000000000003', isAnonymous: false },
} satisfies Record<string, SessionInfo>;

const emptyBusiness: Business = {
  size: null,
  company_name: null,
  website: null,
  industry: null,
  job_role: null,
  country: null,
  crm: null,
  crm_other: null,
  complete: false,
};
const sized: Business = { ...emptyBusiness, size: '2-10' };
const detailed: Business = { ...sized, company_name: 'Acme Widgets', website: 'acme-widgets.com', industry: 'construction', job_role: 'founder', country: 'FR' };
const complete: Business = { ...detailed, crm: 'hubspot', complete: true };

function user(overrides: Partial<User> & { phoneVerified?: boolean } = {}): User {
  const { phoneVerified = false, ...rest } = overrides;
  return {
    id: sessions.member.userId,
    role: null,
    kyc_status: null,
    is_anonymous: false,
    profile: {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@acme-widgets.com',
      phone: '+33612345678',
      phone_verified: phoneVerified,
      onboarding_finished_at: null,
    },
    data: {},
    ...rest,
  };
}

/** The profiles the loader can fetch: one per situation the SPEC §4 rules tell apart. */
export const fetched = {
  failed: { user: null, business: null },
  fresh: { user: user(), business: null },
  phoneVerified: { user: user({ phoneVerified: true }), business: emptyBusiness },
  sized: { user: user({ phoneVerified: true }), business: sized },
  detailed: { user: user({ phoneVerified: true }), business: detailed },
  complete: { user: user({ phoneVerified: true }), business: complete },
  completeUnverified: { user: user(), business: complete },
  validated: { user: user({ phoneVerified: true, kyc_status: 'VALIDATED' }), business: complete },
  pending: { user: user({ phoneVerified: true, kyc_status: 'PENDING_REVIEW' }), business: complete },
  withRole: { user: user({ phoneVerified: true, kyc_status: 'VALIDATED', role: 'owner' }), business: complete },
  // New through a provider (#35): no name and no sign-up on the profile yet, the claims in hand.
  providerNewcomer: {
    user: { ...user(), profile: { ...user().profile, first_name: null, last_name: null, email: null, phone: null } },
    business: null,
    provider: { email: 'ada@acme-widgets.com', firstName: 'Ada', lastName: 'Lovelace', landingPage: 'start' },
  },
} as const;

export const businessAfter = { saveSize: sized, saveDetails: detailed, saveCrm: complete } as const;

const apiError = (code: string) => ({ code, status: 400, message: code });

/** One fixture (or several) per chart event type; a new event without fixtures fails to compile. */
export const eventFixtures = {
  'location.changed': onboardingRoutes.map((route) => ({
    type: 'location.changed' as const,
    route,
    search: route === 'checkoutForm' ? 'interval=weekly&plan=business' : route === 'verifyPhone' ? 'email=ada%40acme-widgets.com' : '',
  })),
  'session.changed': [
    { type: 'session.changed', session: null },
    { type: 'session.changed', session: sessions.member },
    { type: 'session.changed', session: sessions.guest },
    { type: 'session.changed', session: sessions.other },
  ],
  'phone.submitted': [{ type: 'phone.submitted', phone: '+33612345678' }],
  'phone.edit': [{ type: 'phone.edit' }],
  'phone.verified': [{ type: 'phone.verified' }],
  'size.submitted': [{ type: 'size.submitted', size: '2-10' }],
  'details.submitted': [
    { type: 'details.submitted', details: { company_name: 'Acme Widgets', website: 'acme-widgets.com', industry: 'construction', job_role: 'founder', country: 'FR' } },
  ],
  'crm.submitted': [
    { type: 'crm.submitted', answer: { crm: 'hubspot' } },
    { type: 'crm.submitted', answer: { crm: 'other', crm_other: 'Homegrown' } },
  ],
  'step.back': [{ type: 'step.back' }],
  'checkout.selected': [{ type: 'checkout.selected', interval: 'yearly', plan: 'starter' }],
  'checkout.started': [{ type: 'checkout.started' }],
  retry: [{ type: 'retry' }],
} satisfies { [K in OnboardingEvent['type']]: readonly Extract<OnboardingEvent, { type: K }>[] };

/** Outcomes of each invoked actor (by invoke id): what the stand-ins "answer" along a path. */
export const actorOutcomes: Record<string, ModelEvent[]> = {
  fetchUser: [
    ...Object.values(fetched).map((output) => ({ type: 'xstate.done.actor.fetchUser' as const, output })),
    { type: 'xstate.error.actor.fetchUser', error: apiError('NETWORK_ERROR') },
  ],
  refetchUser: [
    { type: 'xstate.done.actor.refetchUser', output: fetched.phoneVerified },
    { type: 'xstate.done.actor.refetchUser', output: fetched.fresh },
    { type: 'xstate.error.actor.refetchUser', error: apiError('NETWORK_ERROR') },
  ],
  saveProviderSignup: [
    { type: 'xstate.done.actor.saveProviderSignup', output: fetched.fresh },
    { type: 'xstate.error.actor.saveProviderSignup', error: apiError('EMAIL_ALREADY_EXISTS') },
  ],
  savePhone: [
    { type: 'xstate.done.actor.savePhone', output: undefined },
    { type: 'xstate.error.actor.savePhone', error: apiError('PHONE_ALREADY_EXISTS') },
    // #34.4: the 60 s wait (the code sent before still works) and a budget (nothing sent), as the auth service words them.
    { type: 'xstate.error.actor.savePhone', error: { code: 'over_sms_send_rate_limit', status: 429, message: cooldownMessage(42) } },
    { type: 'xstate.error.actor.savePhone', error: { code: 'over_request_rate_limit', status: 429, message: requestLimitMessage(3000) } },
  ],
  ...Object.fromEntries(
    (['saveSize', 'saveDetails', 'saveCrm'] as const).map((id) => [
      id,
      [
        { type: `xstate.done.actor.${id}` as const, output: businessAfter[id] },
        { type: `xstate.error.actor.${id}` as const, error: apiError('VALIDATION_FAILED') },
      ],
    ]),
  ),
  checkIdentity: [
    { type: 'xstate.done.actor.checkIdentity', output: 'VALIDATED' },
    { type: 'xstate.done.actor.checkIdentity', output: 'PENDING_REVIEW' },
    { type: 'xstate.error.actor.checkIdentity', error: apiError('NETWORK_ERROR') },
  ],
  checkSubscription: [
    { type: 'xstate.done.actor.checkSubscription', output: 'trialing' },
    { type: 'xstate.done.actor.checkSubscription', output: null },
    { type: 'xstate.done.actor.checkSubscription', output: 'canceled' },
    { type: 'xstate.error.actor.checkSubscription', error: apiError('NETWORK_ERROR') },
  ],
  finishOnboarding: [
    { type: 'xstate.done.actor.finishOnboarding', output: { role: 'owner', onboarding_finished_at: '2026-01-15T10:00:00.000Z', first_time: true } },
    // The subscription ended between the check and the finish (the server refuses a role without one).
    { type: 'xstate.error.actor.finishOnboarding', error: apiError('SUBSCRIPTION_REQUIRED') },
    { type: 'xstate.error.actor.finishOnboarding', error: apiError('INTERNAL_ERROR') },
  ],
  recordFinished: [
    { type: 'xstate.done.actor.recordFinished', output: undefined },
    { type: 'xstate.error.actor.recordFinished', error: new Error('analytics down') },
  ],
};

const restingStates = new Set(['verifyPhone', 'size', 'details', 'crm', 'checkoutForm', 'payment', 'success', 'identityCheck', 'nextSteps', 'waitingForSession', 'loadingProfile', 'savingProviderSignup']);

/** The events worth trying from a snapshot: user events, navigation, and the running actors' outcomes. */
export function eventsFor(snapshot: Snapshot): ModelEvent[] {
  if (snapshot.status !== 'active') return [];
  const events: ModelEvent[] = [];
  for (const child of Object.keys(snapshot.children)) events.push(...(actorOutcomes[child] ?? []));
  const top = typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value)[0]!;
  if (restingStates.has(top)) {
    for (const list of Object.values(eventFixtures)) events.push(...(list as readonly ModelEvent[]));
  }
  // Only events some transition takes from here; the others would only revisit this snapshot.
  return events.filter((event) => snapshot.can(event as OnboardingEvent));
}

/** Two snapshots are the same model state when everything the guards and the projection read agrees. */
export function serializeSnapshot(snapshot: Snapshot): string {
  const c = snapshot.context;
  return JSON.stringify([
    snapshot.value,
    snapshot.status,
    // Where the user asked to be only matters until the loader has decided.
    ['waitingForSession', 'loadingProfile'].includes(String(snapshot.value)) ? c.requested : null,
    c.session === undefined ? 'unknown' : c.session === null ? 'none' : c.session.isAnonymous ? 'guest' : c.session.userId,
    c.user ? [c.user.role, c.user.kyc_status, c.user.profile.phone_verified] : null,
    c.business ? [c.business.size, c.business.company_name, c.business.crm] : null,
    c.interval,
    c.plan,
    c.email,
    c.error !== null,
    Object.keys(snapshot.children).sort(),
  ]);
}

export const initialInput: OnboardingInput = {
  lng: 'en',
  location: { route: 'onboarding' as OnboardingRoute, search: 'origin=form' },
  session: undefined,
  webAppUrl: 'https://app.example.com/home',
};

const traversal = {
  input: initialInput,
  events: eventsFor as never,
  serializeState: serializeSnapshot as never,
  limit: 200_000,
};

export function modelPaths(): StatePath<Snapshot, ModelEvent>[] {
  return getShortestPaths(onboardingMachine, traversal) as unknown as StatePath<Snapshot, ModelEvent>[];
}

const eventKey = (event: ModelEvent) => JSON.stringify(event);

/**
 * The path set the tests run: the shortest path to every model state (only the longest ones — the
 * others are their prefixes), plus, for each transition those leave untaken (a retry, a back link,
 * an error whose state was already reached another way), the shortest path to a state where it is
 * enabled followed by its event.
 */
export function pathSet(): { events: ModelEvent[]; reason: string }[] {
  const shortest = modelPaths();
  const sequences = shortest.map((path) => path.steps.map((step) => step.event).filter((event) => (event.type as string) !== 'xstate.init'));
  const prefixes = new Set<string>();
  for (const events of sequences) {
    for (let length = 0; length < events.length; length++) prefixes.add(events.slice(0, length).map(eventKey).join('>'));
  }
  const chosen = sequences
    .filter((events) => !prefixes.has(events.map(eventKey).join('>')))
    .map((events) => ({ events, reason: 'shortest path' }));
  const covered = new Set<string>();
  for (const { events } of chosen) replay(events).transitions.forEach((key) => covered.add(key));

  const missing = [...allTransitions().keys()].filter((key) => !covered.has(key));
  if (missing.length === 0) return chosen;
  const toState = new Map<string, ModelEvent[]>();
  shortest.forEach((path, index) => toState.set(serializeSnapshot(path.state), sequences[index]!));
  const adjacency = getAdjacencyMap(onboardingMachine as never, traversal) as unknown as Record<
    string,
    { state: Snapshot; transitions: Record<string, { event: ModelEvent }> }
  >;
  for (const key of missing) {
    if (covered.has(key)) continue;
    const [sourceId, eventType] = key.split('|') as [string, string];
    for (const [serialized, { state, transitions }] of Object.entries(adjacency)) {
      if (covered.has(key)) break;
      const inSource = activeStateIds(state).includes(sourceId);
      if (!inSource) continue;
      for (const { event } of Object.values(transitions)) {
        if (event.type !== eventType || covered.has(key)) continue;
        const events = [...(toState.get(serialized) ?? []), event];
        const run = replay(events);
        if (!run.transitions.has(key)) continue;
        run.transitions.forEach((taken) => covered.add(taken));
        chosen.push({ events, reason: `covers ${key}` });
      }
    }
  }
  return chosen;
}

/** Every transition definition of the chart, keyed `source|event|index` (index among same-event candidates). */
export function allTransitions(machine: typeof onboardingMachine = onboardingMachine): Map<string, AnyTransitionDefinition> {
  return chartTransitions(machine);
}

export function allStateIds(): string[] {
  return chartStateIds(onboardingMachine);
}

/** Stand-in actors that never settle: the path's done/error events play their outcomes. */
const pending = fromPromise(() => new Promise<never>(() => undefined));
export const standInMachine = onboardingMachine.provide({
  actors: {
    fetchUser: pending,
    savePhone: pending,
    saveBusiness: pending,
    checkIdentity: pending,
    checkSubscription: pending,
    finishOnboarding: pending,
    recordFinished: pending,
  } as never,
});

export type Replay = ChartReplay<Snapshot>;

/** Runs a path on a live actor of the real chart, recording state nodes and transitions taken. */
export function replay(events: readonly ModelEvent[]): Replay {
  return replayChart<Snapshot>(standInMachine, initialInput, events as readonly OnboardingEvent[]);
}

/** Coverage of a set of paths: state nodes and transitions taken over all there are. */
export function coverage(paths: readonly { events: readonly ModelEvent[] }[]) {
  const states = new Set<string>();
  const transitions = new Set<string>();
  for (const path of paths) {
    const run = replay(path.events);
    run.stateIds.forEach((id) => states.add(id));
    run.transitions.forEach((key) => transitions.add(key));
  }
  const allStates = allStateIds();
  const all = [...allTransitions().keys()];
  return {
    states: { covered: allStates.filter((id) => states.has(id)).length, total: allStates.length, missing: allStates.filter((id) => !states.has(id)) },
    transitions: { covered: all.filter((key) => transitions.has(key)).length, total: all.length, missing: all.filter((key) => !transitions.has(key)) },
  };
}
