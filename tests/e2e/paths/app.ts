import { assign, fromCallback, fromPromise, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { appMachine, type FunnelInput } from '../../../machines/app.machine';
import type { AppEvent, FunnelReport } from '../../../machines/app.types';
import { onboardingRoutes } from '../../../machines/onboarding.types';
import { codeFor, frenchMobile, outbox, signInContext, type Session } from '../../helpers/accounts';
import type { ChartModel } from '../../helpers/chart-model';
import { address } from '../../unit/app/app-model';
import { anonymousSession, decideKyc, emailAccount, finishOnboarding, pathAccount, phoneAccount, subscribe, unique, type PathAccount } from './accounts';
import { param, type ChartAdapter, type EventRole, type PathRun } from './adapter';
import { beforeValue, localeText } from '../../helpers/locale-text';

/**
 * The application chart (machines/app.machine.ts) on the real page. Its unit model
 * (tests/unit/app/app-model.ts) lets any of its fixtures come wherever the chart takes it; the page
 * is narrower: the funnel child reports after every step of its own chart, the session is read
 * before the page can act, and what the funnel reports follows from the account. So the browser
 * walks a variant of that model (same chart, same silent funnel child):
 *
 * - Who is signed in is the `userId` of the `session.changed` fixtures, a label of the account the
 *   path arranges (`pending`, `rejected`, `finished`, `sized` made through the APIs before the page
 *   opens; `new` signed up on the landing page; `fresh` signed in on the sign-in page). The page's
 *   own user id is not compared, only the chart's states.
 * - `funnel.changed` fixtures are only the reports that change the app chart's states (the page sends
 *   many more that change nothing; the runner passes over those). Which one comes next is what that
 *   account's funnel reports (`nextReport`); no other is allowed.
 * - The model records the page an address left (the `saveTracking` effect, a no-op in the chart's
 *   test model, here an assign), so that Back is offered only where the entry before is that page.
 *
 * Typed addresses are each path's start (a typed address is a new page load: a new actor).
 */

const text = (ns: string, key: string) => localeText('en', ns, key);

/** The accounts a path can hold, by what the funnel reports for them (`anonymous`: an anonymous session). */
type Kind = 'pending' | 'rejected' | 'finished' | 'sized' | 'new' | 'fresh' | 'anonymous';
/** The kinds an account made before the page opens can be (the first session read from the cookie). */
const arranged: Kind[] = ['pending', 'rejected', 'finished', 'sized'];

const report = (extra: Partial<FunnelReport>): FunnelReport => ({ href: null, replace: true, exit: null, kyc: null, hasRole: false, businessComplete: false, ...extra });
/** The reports that change the app chart's states. */
const reports = {
  /** A funnel that knows nothing yet (a new one, loading the profile). */
  loading: report({}),
  validated: report({ kyc: 'VALIDATED', businessComplete: true }),
  inReview: report({ exit: 'failure', kyc: 'PENDING_REVIEW', businessComplete: true }),
  rejected: report({ exit: 'failure', kyc: 'REJECTED', businessComplete: true }),
  finished: report({ exit: 'webApp', kyc: 'VALIDATED', hasRole: true, businessComplete: true }),
  signedOut: report({ exit: 'home' }),
};
type ReportName = keyof typeof reports;

const session = (kind: Kind | null) => ({ type: 'session.changed', session: kind === null ? null : { userId: kind, isAnonymous: false } }) as const;

/** The addresses a person reaches within a path: links the page shows, and Back. */
const addresses = {
  homeSignedOut: address('/en'),
  homeSignedIn: address('/en', { signedIn: true }),
  privacy: address('/en/privacy'),
  generator: address('/en/voice-generator'),
  signIn: address('/en/sign-in-otp'),
  account: address('/account', { signedIn: true }),
  /** The language switch on a funnel page (a link to the same step in French). */
  funnelInFrench: address('/fr/onboarding/steps/details', { signedIn: true }),
  backToFunnel: address('/en/onboarding', { signedIn: true }),
  backToReview: address('/en/failure', { signedIn: true }),
};
type AddressName = keyof typeof addresses;
const urlChanged = Object.fromEntries(Object.entries(addresses).map(([name, facts]) => [name, { type: 'url.changed' as const, ...facts }])) as Record<
  AddressName,
  Extract<AppEvent, { type: 'url.changed' }>
>;

const fixtures = {
  url: Object.values(urlChanged),
  session: [session(null), ...(['pending', 'rejected', 'finished', 'sized', 'new', 'fresh'] as const).map(session), { type: 'session.changed', session: { userId: 'anonymous', isAnonymous: true } }],
  funnel: Object.values(reports).map((value) => ({ type: 'funnel.changed', report: value })),
  signup: [{ type: 'signup.completed', origin: 'default', tracking: {} }],
  signIn: [
    { type: 'signIn.completed', resumed: false },
    { type: 'signIn.completed', resumed: true },
  ],
  others: [{ type: 'review.validated' }, { type: 'signedOut' }, { type: 'language.chosen', lng: 'fr' }, { type: 'leave', href: 'https://checkout.example/session' }],
  back: [
    { type: 'funnel.back', previousIsStep: false },
    { type: 'funnel.back', previousIsStep: true },
  ],
  instead: [{ type: 'signIn.instead', phone: '+33612345678' }],
} satisfies Record<string, readonly AppEvent[]>;
/** The sign-out's outcomes (its stand-in never settles). */
const signOutOutcomes: AnyEventObject[] = [
  { type: 'xstate.done.actor.signOut', output: undefined },
  { type: 'xstate.error.actor.signOut', error: new Error('network down') },
];

const isFunnelPage = (page: string) => (onboardingRoutes as readonly string[]).includes(page);

const model: ChartModel = {
  machine: appMachine.provide({
    actors: { funnel: fromCallback<AnyEventObject, FunnelInput>(() => undefined), signOut: fromPromise(() => new Promise<void>(() => undefined)) },
    // Entered with every address (before the new page is decided): the page being left.
    actions: { saveTracking: assign(({ context }) => ({ left: context.page }) as never) },
  }),
  // The chart viewer first: it has no links, so its path is its first session only, and a walk
  // counts a start as covered once any path began there.
  inputs: [
    { address: address('/inspect/charts'), webAppUrl: 'https://app.example' },
    { address: address('/en'), webAppUrl: 'https://app.example' },
    { address: address('/en/onboarding', { signedIn: true }), webAppUrl: 'https://app.example' },
    { address: address('/account', { signedIn: true }), webAppUrl: 'https://app.example' },
    // An anonymous session started on another of the product's sites (the session cookie is shared,
    // SPEC §3): the visitor opens the voice generator holding it.
    { address: address('/en/voice-generator', { signedIn: true }), webAppUrl: 'https://app.example' },
  ],
  fixtures: [...(Object.values(fixtures).flat() as AnyEventObject[]), ...signOutOutcomes],
  serialize: (snapshot) => {
    const context = snapshot.context as { session?: { userId: string } | null; stepBackPending: boolean; funnel: unknown; left?: string };
    return JSON.stringify({
      value: snapshot.value,
      kind: context.session === undefined ? undefined : (context.session?.userId ?? null),
      stepBack: context.stepBackPending,
      reported: context.funnel !== null,
      left: context.left === 'failure' ? 'review' : context.left && isFunnelPage(context.left) ? 'funnel' : 'other',
    });
  },
};

interface Read {
  page: string;
  kind: Kind | null | undefined;
  kyc: string;
  role: string;
  business: string;
  reported: boolean;
  stepBack: boolean;
  left: string | undefined;
}

function read(snapshot: AnyMachineSnapshot): Read {
  const value = snapshot.value as { page: string; session: string; standing: { kyc: string; role: string; business: string } };
  const context = snapshot.context as { session?: { userId: string } | null; stepBackPending: boolean; funnel: unknown; left?: string };
  return {
    page: value.page,
    kind: context.session === undefined ? undefined : ((context.session?.userId as Kind | undefined) ?? null),
    ...value.standing,
    reported: context.funnel !== null,
    stepBack: context.stepBackPending,
    left: context.left,
  };
}

/** What the account's funnel reports next that changes the app chart's states (none: it has settled). */
function nextReport(state: Read): ReportName | null {
  if (state.page !== 'funnel' || state.kind === undefined) return null;
  if (state.kind === null) return 'signedOut';
  const blank = state.kyc === 'unknown' && state.role === 'none' && state.business === 'incomplete';
  switch (state.kind) {
    case 'pending':
      // First the identity review; once a reviewer validated it, a new funnel loads, then the paywall.
      if (state.kyc === 'inReview') return 'loading';
      if (state.kyc === 'unknown') return state.reported ? 'validated' : 'inReview';
      return null;
    case 'rejected':
      return state.kyc === 'unknown' ? 'rejected' : null;
    case 'finished':
      return state.kyc === 'unknown' ? 'finished' : null;
    default:
      // Nothing answered that the app chart keeps: a new funnel only forgets what an earlier one knew.
      return blank ? null : 'loading';
  }
}

interface Scenario {
  account: PathAccount | null;
  /** An anonymous session in the cookie as the page opens. */
  anonymous: Session | null;
  /** Made before the page opens, signed in on the sign-in page. */
  fresh: PathAccount | null;
}
type Run = PathRun<Scenario>;

const banner = (run: Run) => run.page.getByRole('banner');
const main = (run: Run) => run.page.getByRole('main');
const footerLink = (run: Run, key: string) => run.page.getByRole('contentinfo').getByRole('link', { name: text('common', key), exact: true }).click();

async function accountMenu(run: Run, item: 'link' | 'button', name: string): Promise<void> {
  await banner(run).getByRole('button', { name: text('common', 'shell.account') }).click();
  await banner(run).getByRole(item, { name, exact: true }).click();
}

/** The page's language switch, twice: the event is the first; the second brings the page back to English for the next steps. */
async function switchLanguageTwice(run: Run, control: 'a' | 'button'): Promise<void> {
  for (const lng of ['fr', 'en']) {
    await banner(run).locator(`${control}[lang="${lng}"]`).click();
    await run.page.locator(`html[lang="${lng}"]`).waitFor();
  }
}

async function pickFrance(run: Run): Promise<void> {
  const start = beforeValue(text('common', 'phoneInput.countryButton'));
  await run.page.getByRole('button', { name: new RegExp(`^${start}`) }).click();
  const search = run.page.getByRole('combobox', { name: text('common', 'phoneInput.search') });
  await search.fill('France');
  await search.press('Enter');
}

/** The landing page's sign-up, to its code: the new account's session. */
async function signUpOnPage(run: Run): Promise<void> {
  const phone = frenchMobile();
  const field = (key: string) => run.page.getByLabel(text('landing', key), { exact: true });
  await pickFrance(run);
  await field('fields.email').fill(`paths.${unique()}@acme-widgets.com`);
  await field('fields.firstName').fill('Ada');
  await field('fields.lastName').fill('Lovelace');
  await field('fields.companyName').fill('Acme Widgets');
  await field('fields.phone').fill(phone.national);
  await run.page.getByRole('button', { name: text('landing', 'fields.submit') }).click();
  await run.page.getByLabel(text('auth', 'code.label')).fill(await codeFor(run.baseURL, phone.e164));
}

/** The sign-in page, by email code. */
async function signInOnPage(run: Run): Promise<void> {
  const account = run.scenario.fresh;
  if (!account) throw new Error('no account prepared to sign in with');
  await run.page.getByRole('button', { name: text('auth', 'signIn.byEmail'), exact: true }).click();
  await run.page.getByLabel(text('auth', 'signIn.emailLabel')).fill(account.email);
  const before = (await outbox(run.baseURL, account.email)).length;
  await run.page.getByRole('button', { name: text('auth', 'signIn.send') }).click();
  await run.page.getByLabel(text('auth', 'code.label')).fill(await codeFor(run.baseURL, account.email, before));
}

/** Sign-out where the page offers it: in the page on the account and review pages, else the account menu. */
async function signOutOnPage(run: Run, page: string): Promise<void> {
  if (page === 'account' || page === 'failure') await main(run).getByRole('button', { name: text('common', 'shell.signOut'), exact: true }).first().click();
  else await accountMenu(run, 'button', text('common', 'shell.signOut'));
}

const follow: Record<AddressName, (run: Run) => Promise<unknown>> = {
  homeSignedOut: (run) => banner(run).getByRole('link', { name: new RegExp(text('common', 'shell.home')) }).click(),
  homeSignedIn: (run) => banner(run).getByRole('link', { name: new RegExp(text('common', 'shell.home')) }).click(),
  privacy: (run) => footerLink(run, 'shell.privacy'),
  generator: (run) => footerLink(run, 'shell.generator'),
  signIn: (run) => banner(run).getByRole('link', { name: text('common', 'shell.signIn'), exact: true }).click(),
  account: (run) => accountMenu(run, 'link', text('common', 'shell.myAccount')),
  funnelInFrench: (run) => switchLanguageTwice(run, 'a'),
  backToFunnel: (run) => run.page.goBack(),
  backToReview: (run) => run.page.goBack(),
};
const addressOf = (event: AnyEventObject) => (Object.keys(urlChanged) as AddressName[]).find((name) => (urlChanged[name] as AnyEventObject) === event);

const user = (act: (run: Run, event: AnyEventObject, index: number) => Promise<unknown>): EventRole<Scenario> => ({
  role: 'user',
  act: async (run, event, index) => void (await act(run, event, index)),
});
const answer: EventRole<Scenario> = { role: 'answer' };

function roleOf(event: AnyEventObject, snapshot?: AnyMachineSnapshot): EventRole<Scenario> {
  const state = snapshot ? read(snapshot) : undefined;
  switch (event.type) {
    case 'url.changed': {
      const name = addressOf(event);
      if (!name) throw new Error(`no browser address for ${JSON.stringify(event)}`);
      return user((run) => follow[name](run));
    }
    case 'session.changed': {
      const facts = param<{ userId: Kind; isAnonymous: boolean } | null>(event, 'session');
      // The first session is the auth client's reading of the cookie (an anonymous one planted from another site).
      if (!state || state.kind === undefined) return answer;
      if (facts?.isAnonymous) return { role: 'unreachable', why: 'the SPA signs no one in anonymously: an anonymous session only arrives in the cookie, read as the page opens' };
      if (facts === null) return user((run, _event, index) => signOutOnPage(run, (run.snapshotBefore(index).context as { page: string }).page));
      return user((run) => (facts.userId === 'new' ? signUpOnPage(run) : signInOnPage(run)));
    }
    case 'funnel.changed':
    case 'signup.completed':
    case 'signedOut':
      return answer;
    case 'signIn.completed':
      return param<boolean>(event, 'resumed')
        ? { role: 'undriven', why: 'coming back from an emailed sign-in link (its address opened in the browser: a new page load)' }
        : answer;
    case 'review.validated':
      return user(async (run) => {
        // The page looks the decision up as it opens: the reviewer decides once it has found none yet.
        await run.page.getByText(text('onboarding', 'review.stillReview')).waitFor();
        if (run.scenario.account) await decideKyc(run.baseURL, run.scenario.account, 'VALIDATED');
        await run.page.getByRole('button', { name: text('onboarding', 'review.recheck') }).click();
      });
    case 'language.chosen':
      return user((run) => switchLanguageTwice(run, 'button'));
    case 'leave':
      return user((run, _event, index) =>
        (run.snapshotBefore(index).context as { page: string }).page === 'account'
          ? main(run).getByRole('button', { name: text('account', 'updateCard') }).click()
          : run.page.getByRole('button', { name: text('checkout', 'start') }).click(),
      );
    case 'signIn.instead':
      return {
        role: 'undriven',
        why: "needs a funnel at verify-phone given a number another account holds; tests/e2e/account-life.test.ts ('dead ends') clicks it",
      };
    case 'xstate.done.actor.signOut':
      return answer;
    case 'xstate.error.actor.signOut':
      return { role: 'unreachable', why: 'the sign-out ends with the cookies cleared whatever the server answers (src/platform/session/sign-out.ts); only its own code failing to load fails it' };
    case 'funnel.back':
      return user(async (run, back) => {
        // The entry before is the previous step only when the funnel pushed this one: answer the size step first.
        if (param<boolean>(back, 'previousIsStep')) {
          await run.page.getByRole('radio', { name: text('onboarding', 'size.options.2-10') }).check();
          await run.page.getByRole('button', { name: text('onboarding', 'actions.continue'), exact: true }).click();
        }
        await run.page.getByRole('button', { name: text('onboarding', 'actions.back'), exact: true }).click();
      });
    default:
      throw new Error(`no browser role for ${event.type}`);
  }
}

/** Whether the page can send this event now, as the model's snapshot stands (see the top of the file). */
function allow(snapshot: AnyMachineSnapshot, event: AnyEventObject): boolean {
  const state = read(snapshot);
  const signedIn = state.kind !== null && state.kind !== undefined;
  // Leaving the SPA ends what this page can do; until the session is read, only it can come.
  if (state.page === 'leaving') return false;
  // The anonymous visitor's path is its session arriving (the page it opens is checked by hand; see docs/statecharts.md).
  if (state.kind === 'anonymous') return false;
  if (state.kind === undefined) {
    if (event.type !== 'session.changed') return false;
    const kind = param<{ userId: Kind } | null>(event, 'session')?.userId ?? null;
    if (state.page === 'generator') return kind === 'anonymous';
    if (kind === 'anonymous') return false;
    // As each path opens: signed out on the landing page and the chart viewer; an arranged account elsewhere.
    if (state.page === 'landing' || state.page === 'charts') return kind === null;
    if (state.page === 'account') return kind === 'finished';
    return kind !== null && arranged.includes(kind);
  }
  switch (event.type) {
    case 'funnel.changed': {
      const next = nextReport(state);
      return next !== null && reports[next] === param<FunnelReport>(event, 'report');
    }
    case 'session.changed': {
      const kind = param<{ userId: Kind } | null>(event, 'session')?.userId ?? null;
      // Signing out where the page offers it and then says so (the account menu of other pages only
      // tells the app chart after the session has gone: on the funnel, whose exit comes first).
      if (kind === null) return signedIn && ['funnel', 'account', 'review'].includes(state.page);
      if (signedIn) return false;
      return (kind === 'new' && state.page === 'landing') || (kind === 'fresh' && state.page === 'signIn');
    }
    case 'signup.completed':
      return state.page === 'landing' && state.kind === 'new';
    case 'signIn.completed':
      return state.page === 'signIn' && signedIn;
    case 'signedOut':
      return !signedIn && (state.page === 'account' || state.page === 'review');
    case 'review.validated':
      return state.page === 'review' && state.kyc === 'inReview';
    case 'language.chosen':
      return state.page === 'account';
    case 'signIn.instead':
      return state.page === 'funnel' && signedIn;
    case 'leave':
      return (state.page === 'account' && state.kind === 'finished') || (state.page === 'funnel' && state.kind === 'pending' && state.kyc === 'validated');
    case 'funnel.back':
      // The details step shown by a redirect (Back steps in place), then after answering size again (Back is the browser's).
      if (state.page !== 'funnel' || state.kind !== 'sized') return false;
      return param<boolean>(event, 'previousIsStep') === state.stepBack;
    case 'url.changed': {
      const name = addressOf(event)!;
      if (state.page === 'charts') return false;
      // The shell's links (not the one to the page already shown), the funnel's language switch, Back.
      switch (name) {
        case 'homeSignedOut':
          return !signedIn;
        case 'homeSignedIn':
          return signedIn;
        case 'privacy':
          return state.page !== 'info';
        case 'generator':
          return state.page !== 'generator';
        case 'signIn':
          return !signedIn && state.page !== 'signIn';
        case 'account':
          return signedIn && state.page !== 'account';
        case 'funnelInFrench':
          return state.page === 'funnel';
        case 'backToFunnel':
          return state.page === 'info' && state.left !== undefined && isFunnelPage(state.left);
        case 'backToReview':
          return state.page === 'info' && state.left === 'failure';
      }
      return false;
    }
    default:
      return true;
  }
}

/** The account the path's first session is, made through the APIs. */
async function arrange(baseURL: string, kind: Kind): Promise<PathAccount> {
  switch (kind) {
    case 'pending':
      return pathAccount(baseURL, { email: 'personal', check: true });
    case 'rejected': {
      const account = await pathAccount(baseURL, { email: 'personal', check: true });
      await decideKyc(baseURL, account, 'REJECTED');
      return account;
    }
    case 'finished': {
      const account = await pathAccount(baseURL, { email: 'work', check: true });
      await subscribe(baseURL, account.session);
      await finishOnboarding(baseURL, account);
      return account;
    }
    case 'sized':
      return phoneAccount(baseURL, 'work', { size: '2-10' });
    default:
      throw new Error(`a ${kind} account is not made before the page opens`);
  }
}

export const appAdapter: ChartAdapter<Scenario> = {
  chart: 'app',
  title: 'application',
  model,
  roleOf,
  allow,
  maxLength: 30,
  prepare: async (path, baseURL) => {
    const first = param<{ userId: Kind } | null>(path.events[0]!, 'session');
    const signsIn = path.events.some((event) => event.type === 'session.changed' && param<{ userId: Kind } | null>(event, 'session')?.userId === 'fresh');
    const anonymous = first?.userId === 'anonymous';
    return {
      account: first && !anonymous ? await arrange(baseURL, first.userId) : null,
      anonymous: anonymous ? await anonymousSession(baseURL) : null,
      fresh: signsIn ? await emailAccount(baseURL, 'work') : null,
    };
  },
  open: async (run) => {
    if (run.scenario.account) await signInContext(run.context, run.baseURL, run.scenario.account.session);
    // Written as the SPA's cookie storage writes it (src/platform/session/cookie-storage.ts: one `base64-` cookie).
    if (run.scenario.anonymous) await signInContext(run.context, run.baseURL, run.scenario.anonymous);
    await run.page.goto((run.path.input as { address: { pathname: string } }).address.pathname);
  },
};
