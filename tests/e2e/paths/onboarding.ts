import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { paths } from '../../../core/routes/paths';
import type { OnboardingRoute } from '../../../machines/onboarding.types';
import { answerBusiness, codeFor, completeBusiness, frenchMobile, signInContext, signUpByApi } from '../../helpers/accounts';
import { fetched, standInMachine } from '../../unit/onboarding/model';
import * as funnel from '../../unit/onboarding/model';
import type { ChartModel } from '../../helpers/chart-model';
import { emailAccount, finishOnboarding, identityCheck, phoneAccount, subscribe, type PathAccount } from './accounts';
import { failOnce, param, serverError, type ChartAdapter, type EventRole, type PathRun } from './adapter';
import { localeText } from '../../helpers/locale-text';

/**
 * The onboarding funnel (/en/onboarding…) on the real server. Where a path starts (which profile the
 * first fetch finds) is an account made through the APIs before the page opens: signed up by email
 * or by phone, the questionnaire answered so far, the identity check passed or under review, paid and
 * finished. What the identity check decides follows from the email (work or personal); a phone that
 * belongs to another account is made so before it is typed; a subscription is paid (through the
 * local provider's page, by API) before an address leads to next-steps that must finish.
 */

const text = (ns: string, key: string) => localeText('en', ns, key);

type Profile = keyof typeof fetched;

interface Scenario {
  account: PathAccount | null;
  /** By index of each `session.changed` to another person: who signs in on another of the product's sites. */
  others: Map<number, PathAccount>;
  kind: 'work' | 'personal';
  /** The accounts that pay already. */
  subscribed: Set<PathAccount>;
  /** The phone whose code the verify-phone step waits for. */
  phone?: string;
}

type Run = PathRun<Scenario>;

/**
 * The questionnaire's saves failing on the server (500 INTERNAL_ERROR), which the browser model adds
 * to the unit model's refusals (VALIDATION_FAILED, which the step's form prevents).
 */
const saveFailures = (['saveSize', 'saveDetails', 'saveCrm'] as const).map((id) => ({
  type: `xstate.error.actor.${id}`,
  error: { code: 'INTERNAL_ERROR', status: 500, message: 'Something went wrong' },
}));

const model: ChartModel = {
  machine: standInMachine,
  inputs: [funnel.initialInput],
  fixtures: [...Object.values(funnel.eventFixtures).flat(), ...Object.values(funnel.actorOutcomes).flat(), ...saveFailures] as AnyEventObject[],
  // With the error's code: a failed finish (INTERNAL_ERROR) ends the path where a failed check does not (allow).
  serialize: (snapshot) => JSON.stringify([funnel.serializeSnapshot(snapshot as never), (snapshot.context as { error: string | null }).error]),
};

/** Which of the model's fetched profiles an event carries (by identity with the fixtures). */
const profileOf = (event: AnyEventObject): Profile | undefined =>
  (Object.keys(fetched) as Profile[]).find((key) => fetched[key] === (event as { output?: unknown }).output);

async function accountFor(baseURL: string, profile: Profile, kind: 'work' | 'personal'): Promise<PathAccount> {
  const { crm: _crm, ...detailed } = completeBusiness;
  switch (profile) {
    case 'fresh':
      return emailAccount(baseURL, kind);
    case 'completeUnverified': {
      const account = await emailAccount(baseURL, kind);
      await answerBusiness(baseURL, account.session, { ...completeBusiness });
      return account;
    }
    case 'phoneVerified':
      return phoneAccount(baseURL, kind, {});
    case 'sized':
      return phoneAccount(baseURL, kind, { size: completeBusiness.size });
    case 'detailed':
      return phoneAccount(baseURL, kind, { ...detailed, website: 'acme-widgets.com' });
    case 'complete':
      return phoneAccount(baseURL, kind, { ...completeBusiness, website: 'acme-widgets.com' });
    case 'validated':
    case 'pending':
    case 'withRole': {
      const account = await phoneAccount(baseURL, profile === 'pending' ? 'personal' : 'work', { ...completeBusiness, website: profile === 'pending' ? 'bob-builds.fr' : 'acme-widgets.com' });
      await identityCheck(baseURL, account, profile === 'pending' ? 'PENDING_REVIEW' : 'VALIDATED');
      if (profile === 'withRole') {
        await subscribe(baseURL, account.session);
        await finishOnboarding(baseURL, account);
      }
      return account;
    }
    case 'failed':
      throw new Error('a failed profile fetch is not arranged');
    case 'providerNewcomer':
      throw new Error('a sign-up through a provider is not arranged here (tests/e2e/social-signin.test.ts)');
  }
}

/** The answer that the person has a live subscription (a trial): the account must have paid first. */
const isTrialing = (event: AnyEventObject) => event.type === 'xstate.done.actor.checkSubscription' && param<string | null>(event, 'output') === 'trialing';

/** Who is signed in at the event at `index`: the path's account, or the last other person who signed in before it. */
function accountAt(scenario: Scenario, index: number): PathAccount | null {
  const before = [...scenario.others.keys()].filter((at) => at < index);
  return before.length > 0 ? scenario.others.get(Math.max(...before))! : scenario.account;
}

/** Pays before an address leads to a next-steps that must finish (the person paid in another tab). */
async function payIfFinishing(run: Run, index: number): Promise<void> {
  const finishing = run.answersAfter(index).some(isTrialing);
  const account = accountAt(run.scenario, index);
  if (finishing && account && !run.scenario.subscribed.has(account)) {
    await subscribe(run.baseURL, account.session);
    run.scenario.subscribed.add(account);
  }
}

const hrefOf = (route: OnboardingRoute, search: string) => `${paths[route].build('en')}${search ? `?${search}` : ''}`;

const continueButton = (run: Run) => run.page.getByRole('button', { name: text('onboarding', 'actions.continue'), exact: true });
const user = (act: (run: Run, event: AnyEventObject, index: number) => Promise<unknown>): EventRole<Scenario> => ({
  role: 'user',
  act: async (run, event, index) => {
    await payIfFinishing(run, index);
    await act(run, event, index);
  },
});
const answer: EventRole<Scenario> = { role: 'answer' };

/** The product API answering 500 to the one request an effect makes (or the first of its requests). */
const failing = (what: string, url: RegExp, method: string): EventRole<Scenario> => ({
  role: 'failure',
  why: `${what} answering 500`,
  arm: (run) => failOnce(run, { url, method }, serverError()),
});
const requests = {
  profile: /\/v1\/user(\?|$)/,
  business: /\/v1\/business(\?|$)/,
  legitimacy: /\/v1\/user\/legitimacy-verification(\?|$)/,
  subscription: /\/v1\/subscription(\?|$)/,
  finish: /\/v1\/onboarding\/finish(\?|$)/,
};
const neverRejects = (actor: string): EventRole<Scenario> => ({
  role: 'unreachable',
  why: `${actor} never rejects: a failed GET /v1/user is a null user (SPEC §4 rule 2, machines/onboarding.actors.ts), reached by failing that request instead`,
});

/**
 * Another person's session arriving in this tab: they signed in on another of the product's sites,
 * which share the session cookie (SPEC §3), and the person comes back to this tab (the tab shown
 * again: supabase-js reads the cookie and reports SIGNED_IN). Not through this SPA's own sign-in page
 * in a second tab: it offers only 'Sign out' to someone signed in, and supabase-js broadcasts that
 * sign-out to this tab (BroadcastChannel), which ends the funnel at home before anyone else is in.
 */
async function signInElsewhere(run: Run, index: number): Promise<void> {
  const other = run.scenario.others.get(index);
  if (!other) throw new Error(`no other account prepared for step ${index + 1}`);
  await signInContext(run.context, run.baseURL, other.session);
  await run.page.evaluate(() => void document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
}

const inState = (snapshot: AnyMachineSnapshot | undefined, id: string) => Boolean(snapshot?.matches(id as never));

function roleOf(event: AnyEventObject, snapshot?: AnyMachineSnapshot): EventRole<Scenario> {
  switch (event.type) {
    case 'session.changed': {
      const session = param<{ isAnonymous: boolean; userId: string } | null>(event, 'session');
      if (session?.isAnonymous) return { role: 'unreachable', why: 'the SPA signs no one in anonymously (only the auth API can)' };
      // The first session is what the auth client reads from the cookie.
      if (inState(snapshot, 'waitingForSession')) {
        return session === null || session.userId === funnel.sessions.member.userId ? answer : { role: 'unreachable', why: 'the first session read is the visitor’s own' };
      }
      if (session?.userId === funnel.sessions.other.userId) return user((run, _event, index) => signInElsewhere(run, index));
      return { role: 'undriven', why: 'signing out in another tab (its sign-out is broadcast to this one)' };
    }
    case 'location.changed':
      return user((run) =>
        run.page.evaluate((href) => {
          // A link or Back/Forward within the SPA: the address changes, the page stays.
          history.pushState(null, '', href);
          window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
        }, hrefOf(param<OnboardingRoute>(event, 'route'), param(event, 'search'))),
      );
    case 'phone.submitted':
      return user(async (run, _event, index) => {
        const refused = run.answersAfter(index).some((next) => next.type === 'xstate.error.actor.savePhone' && (next as { error?: { code?: string } }).error?.code === 'PHONE_ALREADY_EXISTS');
        const phone = frenchMobile();
        // The number of another account: the server refuses it (PHONE_ALREADY_EXISTS).
        if (refused) await signUpByApi(run.baseURL, { phone: phone.e164, email: `paths.taken.${Date.now()}@acme-widgets.com` });
        run.scenario.phone = phone.e164;
        await run.page.getByLabel(text('onboarding', 'verifyPhone.phoneLabel'), { exact: true }).fill(phone.e164);
        await run.page.getByRole('button', { name: text('onboarding', 'verifyPhone.send') }).click();
      });
    case 'phone.verified':
      return user(async (run, _event, index) => {
        if (inState(run.snapshotBefore(index), 'verifyPhone.enteringNumber')) return continueButton(run).click();
        const phone = run.scenario.phone;
        if (!phone) throw new Error('no code on its way');
        await run.page.getByLabel(text('auth', 'code.label')).fill(await codeFor(run.baseURL, phone));
      });
    case 'phone.edit':
      return user((run) => run.page.getByRole('button', { name: text('onboarding', 'verifyPhone.changeNumber') }).click());
    case 'size.submitted':
      return user(async (run) => {
        await run.page.getByRole('radio', { name: text('onboarding', 'size.options.2-10') }).check();
        await continueButton(run).click();
      });
    case 'details.submitted':
      return user(async (run) => {
        await run.page.getByLabel(text('onboarding', 'details.companyName')).fill('Acme Widgets');
        await run.page.getByLabel(text('onboarding', 'details.website')).fill(run.scenario.kind === 'work' ? 'acme-widgets.com' : 'bob-builds.fr');
        await run.page.getByLabel(text('onboarding', 'details.industry')).selectOption('construction');
        await run.page.getByLabel(text('onboarding', 'details.jobRole')).selectOption('founder');
        await run.page.getByLabel(text('onboarding', 'details.country')).selectOption('FR');
        await continueButton(run).click();
      });
    case 'crm.submitted':
      return user(async (run, crmEvent) => {
        const search = run.page.getByLabel(text('onboarding', 'crm.search'));
        if (param<{ crm: string }>(crmEvent, 'answer').crm === 'other') {
          await search.fill('Homegrown');
          await run.page.getByRole('radio', { name: text('onboarding', 'crm.other') }).check();
        } else {
          await search.fill('hub');
          await run.page.getByRole('radio', { name: /HubSpot/ }).check();
        }
        await continueButton(run).click();
      });
    case 'step.back':
      return user((run) => run.page.getByRole('button', { name: text('onboarding', 'actions.back'), exact: true }).click());
    case 'checkout.selected':
      return user(async (run) => {
        await run.page.getByRole('radio', { name: /^Yearly/ }).check();
        await run.page.getByRole('radio', { name: /^Starter/ }).check();
      });
    case 'checkout.started':
      return user((run) => run.page.getByRole('button', { name: text('checkout', 'start') }).click());
    case 'retry':
      return user((run) => run.page.getByRole('button', { name: text('onboarding', 'actions.retry') }).click());
    default:
      break;
  }
  const outcome = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type);
  if (!outcome) throw new Error(`no browser role for ${event.type}`);
  const [, kind, actor] = outcome;
  if (kind === 'error') {
    const code = (event as { error?: { code?: string } }).error?.code;
    switch (actor) {
      case 'savePhone':
        // A refused send (#34.4) needs a second text within 60 s or a spent budget: the chart's unit
        // model walks it, tests/e2e/send-refusals.test.ts shows the same messages on sign-in and sign-up.
        return code === 'PHONE_ALREADY_EXISTS' ? answer : { role: 'undriven', why: 'a refused code send (the 60 s wait or a budget)' };
      case 'saveSize':
      case 'saveDetails':
      case 'saveCrm':
        return code === 'INTERNAL_ERROR'
          ? failing('the step’s save', requests.business, 'PATCH')
          : { role: 'unreachable', why: 'the step’s form refuses what the server would (VALIDATION_FAILED)' };
      case 'checkIdentity':
        return failing('the legitimacy verification', requests.legitimacy, 'POST');
      case 'checkSubscription':
        return failing('the subscription look-up', requests.subscription, 'GET');
      case 'finishOnboarding':
        return code === 'SUBSCRIPTION_REQUIRED'
          ? { role: 'unreachable', why: 'the subscription ending between the check and the finish, a fraction of a second apart' }
          : failing('the finish', requests.finish, 'POST');
      case 'fetchUser':
      case 'refetchUser':
        return neverRejects(actor);
      case 'saveProviderSignup':
        return providerPath;
      case 'recordFinished':
        return { role: 'unreachable', why: 'recordFinished never rejects: it hands two events to analytics, which queues them' };
      default:
        throw new Error(`no browser role for ${event.type}`);
    }
  }
  if (actor === 'fetchUser' && profileOf(event) === 'failed') return failing('the profile fetch', requests.profile, 'GET');
  if ((actor === 'fetchUser' && profileOf(event) === 'providerNewcomer') || actor === 'saveProviderSignup') return providerPath;
  if (actor === 'checkSubscription' && param<string | null>(event, 'output') === 'canceled') {
    return { role: 'undriven', why: 'a subscription that has ended (a trial cancelled, then its 7 days passing)' };
  }
  if (actor === 'refetchUser' && profileOf(event) !== 'phoneVerified') return { role: 'unreachable', why: 'a code the auth service accepted always verifies the phone' };
  return answer;
}

/** The social sign-in's path needs the dev identity provider's pages: tests/e2e/social*.test.ts drives it. */
const providerPath = { role: 'undriven', why: 'a sign-up through a provider (tests/e2e/social-signin.test.ts)' } as const;

const sessionOf = (snapshot: AnyMachineSnapshot) => (snapshot.context as { session?: { userId: string } | null }).session ?? null;

const kycOf = (snapshot: AnyMachineSnapshot) => (snapshot.context as { user: { kyc_status: string | null } | null }).user?.kyc_status ?? null;

export const onboardingAdapter: ChartAdapter<Scenario> = {
  chart: 'onboarding',
  title: 'onboarding funnel',
  model,
  start: 'firstSeen',
  maxLength: 20,
  roleOf,
  allow: (snapshot, event) => {
    // The provider's page replaces the SPA: the funnel that comes back is a new one.
    if (snapshot.matches('payment' as never)) return false;
    // A finish that failed: the person pays, which the chart does not remember, so a later
    // subscription check could not be told apart from one before paying. The path ends there.
    if (snapshot.matches({ nextSteps: 'failed' } as never) && (snapshot.context as { error: string | null }).error === 'INTERNAL_ERROR') return false;
    // A confirmed number is shown with 'Continue' only: no field to give another one.
    if (event.type === 'phone.submitted') return !(snapshot.context as { user: { profile: { phone_verified: boolean } } | null }).user?.profile.phone_verified;
    // The other person (signed in elsewhere) has answered the whole questionnaire, no identity check
    // yet: the account that takes the loader past every rule to the identity check (its last line).
    if (event.type === 'xstate.done.actor.fetchUser' && sessionOf(snapshot)?.userId === funnel.sessions.other.userId) return profileOf(event) === 'complete';
    if (event.type === 'xstate.done.actor.checkIdentity') return param(event, 'output') === 'VALIDATED' || kycOf(snapshot) !== 'VALIDATED';
    // A subscription (and so finishing) needs a paid checkout, and paying needs a validated identity.
    if (isTrialing(event)) return kycOf(snapshot) === 'VALIDATED';
    if (event.type === 'xstate.done.actor.finishOnboarding') return kycOf(snapshot) === 'VALIDATED';
    return true;
  },
  prepare: async (path, baseURL) => {
    const kind = path.events.some((event) => event.type === 'xstate.done.actor.checkIdentity' && param(event, 'output') !== 'VALIDATED') ? 'personal' : 'work';
    const first = path.events.find((event) => event.type === 'xstate.done.actor.fetchUser');
    const signedOut = path.events[0]?.type === 'session.changed' && param(path.events[0], 'session') === null;
    const profile = first ? profileOf(first) : undefined;
    // A failed first fetch is a person who signed up by email, nothing answered yet.
    const account = signedOut || !profile ? null : await accountFor(baseURL, profile === 'failed' ? 'fresh' : profile, kind);
    const others = new Map<number, PathAccount>();
    for (const [index, event] of path.events.entries()) {
      if (event.type !== 'session.changed' || param<{ userId: string } | null>(event, 'session')?.userId !== funnel.sessions.other.userId) continue;
      const fetch = path.events.slice(index + 1).find((next) => next.type === 'xstate.done.actor.fetchUser');
      const check = path.events.slice(index + 1).find((next) => next.type === 'xstate.done.actor.checkIdentity');
      // A path may end as they sign in (the chart's root takes it): their account is still needed,
      // and `allow` only lets their profile be the complete one.
      const theirs = fetch ? profileOf(fetch) : 'complete';
      if (!theirs || theirs === 'failed') throw new Error(`no profile for the other person at step ${index + 1}`);
      others.set(index, await accountFor(baseURL, theirs, check && param(check, 'output') !== 'VALIDATED' ? 'personal' : 'work'));
    }
    const scenario: Scenario = { account, others, kind, subscribed: new Set(account && profile === 'withRole' ? [account] : []) };
    // Next-steps at once (SPEC §4 rule 5) that finishes: paid before the page opens.
    const firstUser = path.events.findIndex((event) => roleOf(event).role === 'user');
    const leading = firstUser < 0 ? path.events : path.events.slice(0, firstUser);
    const paidFirst = leading.some(isTrialing);
    if (account && paidFirst && !scenario.subscribed.has(account)) {
      await subscribe(baseURL, account.session);
      scenario.subscribed.add(account);
    }
    return scenario;
  },
  open: async (run) => {
    if (run.scenario.account) await signInContext(run.context, run.baseURL, run.scenario.account.session);
    await run.page.goto('/en/onboarding?origin=form');
  },
};
