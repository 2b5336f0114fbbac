import { requestLimitMessage } from '../../../core/auth-codes';
import { assign, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { api, claimEmailElsewhere, codeFor, frenchMobile, outbox, proveEmailElsewhere, signUpByApi } from '../../helpers/accounts';
import { SignupError } from '../../../machines/signup.actors';
import { enrolTotpByApi, serverNow, totpAt } from '../../helpers/mfa';
import { signupModel } from '../../unit/landing/signup-model';
import { unique } from './accounts';
import { failOnce, networkFailure, param, rolesByType, serverError, type ChartAdapter, type EventRole, type PathRun } from './adapter';
import { beforeValue, localeText, type Lng } from '../../helpers/locale-text';

/**
 * The landing sign-up (/{lng}, the start page) on the real server: the answers of its four requests
 * come from what the form is given — the email's domain (work, personal, disposable), a phone or an
 * email that already belongs to an account (made and proven through the APIs before the page opens),
 * a code already on its way to the phone — and from another person proving the same email while
 * this one reads their code.
 */

const text = localeText;

const domains = { work: 'acme-widgets.com', personal: 'gmail.com', disposable: 'yopmail.com' } as const;

/** One submission of the form: what is typed, chosen for the answers the path expects. */
interface Submission {
  email: string;
  phone: { national: string; e164: string };
  /** The authenticator app of the account this phone already signs in to, when it has one. */
  totpSecret?: string;
}

interface Scenario {
  lng: Lng;
  /** On /email-form: the address only, no phone (its code goes to the email). */
  emailForm: boolean;
  /** By index of each `form.submitted` in the path. */
  submissions: Map<number, Submission>;
  /** The submission whose code step is on screen. */
  current?: Submission;
}

type Run = PathRun<Scenario>;

/** The answers that follow a submission, up to the next one (the prompt in between is the person's). */
function answersOf(events: readonly AnyEventObject[], index: number): Map<string, AnyEventObject> {
  const answers = new Map<string, AnyEventObject>();
  for (let next = index + 1; next < events.length && events[next]!.type !== 'form.submitted'; next += 1) {
    const event = events[next]!;
    const actor = /^xstate\.(?:done|error)\.actor\.(\w+)$/.exec(event.type)?.[1];
    if (actor && !answers.has(actor)) answers.set(actor, event);
  }
  return answers;
}

const field = (run: Run, key: string) => run.page.getByLabel(text(run.scenario.lng, 'landing', key), { exact: true });

const emailField = (run: Run) => field(run, run.scenario.emailForm ? 'fields.emailOnly' : 'fields.email');

async function pickFrance(run: Run): Promise<void> {
  const { lng } = run.scenario;
  const start = beforeValue(text(lng, 'common', 'phoneInput.countryButton'));
  const search = run.page.getByRole('combobox', { name: text(lng, 'common', 'phoneInput.search') });
  // The start page is prerendered: a click before it is hydrated opens nothing, so it is made again.
  for (let attempt = 1; ; attempt += 1) {
    await run.page.getByRole('button', { name: new RegExp(`^${start}`) }).click();
    const opened = await search.waitFor({ timeout: 2_000 }).then(
      () => true,
      () => false,
    );
    if (opened) break;
    if (attempt === 10) throw new Error('the country list did not open');
  }
  await search.fill('France');
  await search.press('Enter');
}

async function fillAndSubmit(run: Run, submission: Submission): Promise<void> {
  await emailField(run).fill(submission.email);
  if (run.scenario.emailForm) {
    run.scenario.current = submission;
    return run.page.getByRole('button', { name: text(run.scenario.lng, 'landing', 'fields.submitEmail'), exact: true }).click();
  }
  await field(run, 'fields.firstName').fill('Ada');
  await field(run, 'fields.lastName').fill('Lovelace');
  await field(run, 'fields.companyName').fill('Acme Widgets');
  await field(run, 'fields.phone').fill(submission.phone.national);
  run.scenario.current = submission;
  await run.page.getByRole('button', { name: text(run.scenario.lng, 'landing', 'fields.submit') }).click();
}

/** The code the auth service sent for the current submission (the dev outbox), typed in. */
async function enterCode(run: Run): Promise<void> {
  const phone = run.scenario.current?.phone.e164;
  if (!phone) throw new Error('no code step on screen');
  await run.page.getByLabel(text(run.scenario.lng, 'auth', 'code.label')).fill(await codeFor(run.baseURL, phone));
}

/** The code an actor's failure carries (SignupError's). */
const codeOf = (event: AnyEventObject) => (event as { error?: { code?: string } }).error?.code;

/**
 * Failures the browser model adds to the unit model's (which has the ones a person can cause): the
 * connection failing as the code is sent (supabase-js's AuthRetryableFetchError, 'network'), and the
 * server failing to save the account (500 INTERNAL_ERROR), which offers 'Try again'.
 */
const injected = [
  { type: 'xstate.error.actor.sendCode', error: new SignupError('auth', 'network') },
  { type: 'xstate.error.actor.saveAccount', error: new SignupError('api', 'INTERNAL_ERROR') },
];

/** A send budget refusing (#34.4), in the auth service's own wire shape: this test server's budgets are roomy. */
const sendBudgetRefusal: EventRole<Scenario> = {
  role: 'failure',
  why: 'a send budget refusing the code (nothing sent)',
  arm: (run) =>
    failOnce(run, { url: /\/auth\/v1\/otp(\?|$)/, method: 'POST' }, { kind: 'server', status: 429, body: { code: 429, error_code: 'over_request_rate_limit', msg: requestLimitMessage(3000) } }),
};

const sendCodeFailure: EventRole<Scenario> = {
  role: 'failure',
  why: 'the connection failing as the code is sent',
  arm: (run) => failOnce(run, { url: /\/auth\/v1\/otp(\?|$)/, method: 'POST' }, networkFailure),
};

const outcomeOf = (snapshot: AnyMachineSnapshot) => (snapshot.context as { outcome: string | null }).outcome;
const failureOf = (snapshot: AnyMachineSnapshot) => (snapshot.context as { failure: { code: string } | null }).failure;

function emailFormAllows(snapshot: AnyMachineSnapshot, event: AnyEventObject): boolean {
  if (snapshot.matches('checkingAccount' as never)) return event.type === 'xstate.done.actor.checkAccount' && param(event, 'output') === 'emailClaimed';
  if (snapshot.matches('checkingEmail' as never)) return event.type === 'xstate.done.actor.classifyEmail' && param(event, 'output') === 'work';
  if (snapshot.matches('editing' as never)) return event.type === 'form.submitted' && failureOf(snapshot) === null && outcomeOf(snapshot) === null;
  // The question offers 'Continue with email' and a link to sign in (a new page): no 'change' button.
  if (snapshot.matches('emailClaimedPrompt' as never)) return event.type !== 'prompt.changed';
  return snapshot.matches('sendingCode' as never);
}

/** How many times the form was submitted in this page (1, or 2 for more): the model variant below counts them. */
const submitsOf = (snapshot: AnyMachineSnapshot) => (snapshot.context as { submits?: number }).submits ?? 0;

/**
 * The unit model's chart, also counting the page's submits (each starts a check; the first one
 * downloads the free-mail list, which later ones reuse): a failed download is only possible then.
 */
const countingSubmits = signupModel.machine.provide({
  actions: {
    storeValues: assign(({ event, context }) => ({
      values: (event as { values?: unknown }).values,
      failure: null,
      submits: Math.min(((context as { submits?: number }).submits ?? 0) + 1, 2),
    })) as never,
  },
});

export const signupAdapter: ChartAdapter<Scenario> = {
  chart: 'signup',
  title: 'sign-up',
  // The start page's walks, and one on /email-form (the address only, its code by email): only there
  // is an email given at another sign-up, not confirmed, asked about (emailClaimedPrompt).
  model: {
    ...signupModel,
    machine: countingSubmits,
    serialize: (snapshot) => JSON.stringify([signupModel.serialize(snapshot), submitsOf(snapshot)]),
    inputs: [...signupModel.inputs, { ...(signupModel.inputs[0] as object), landingPage: 'email-form' }],
    fixtures: [...signupModel.fixtures, ...injected],
  },
  maxLength: 24,
  roleOf: rolesByType<Scenario>({
    'form.submitted': {
      role: 'user',
      act: async (run, _event, index) => {
        const submission = run.scenario.submissions.get(index);
        if (!submission) throw new Error(`no submission prepared for step ${index + 1}`);
        // After a check that could not run, the form says so before the visitor tries again.
        if (failureOf(run.snapshotBefore(index))?.code === 'unchecked') await run.page.getByText(text(run.scenario.lng, 'landing', 'errors.emailUnchecked')).waitFor();
        await fillAndSubmit(run, submission);
      },
    },
    // Any field typed into while a message or a prompt is shown.
    'form.changed': {
      role: 'user',
      act: (run) =>
        run.scenario.emailForm ? emailField(run).fill(`paths.${unique()}@${domains.work}`) : field(run, 'fields.lastName').fill(`Lovelace ${unique()}`),
    },
    'prompt.continued': {
      role: 'user',
      act: (run) => run.page.getByRole('button', { name: text(run.scenario.lng, 'landing', 'personalEmail.continue'), exact: true }).click(),
    },
    'prompt.changed': { role: 'user', act: (run) => run.page.getByRole('button', { name: text(run.scenario.lng, 'landing', 'personalEmail.change') }).click() },
    'code.verified': {
      role: 'user',
      act: async (run, _event, index) => {
        // Someone else proves this email while the code is read: the save then finds it taken.
        const save = run.answersAfter(index).find((event) => event.type === 'xstate.error.actor.saveAccount' && codeOf(event) === 'EMAIL_ALREADY_EXISTS');
        const email = run.scenario.current?.email;
        if (save && email) {
          await proveEmailElsewhere(run.baseURL, email);
        }
        await enterCode(run);
      },
    },
    'code.changed': { role: 'user', act: (run) => run.page.getByRole('button', { name: text(run.scenario.lng, 'landing', 'code.change') }).click() },
    'save.retried': { role: 'user', act: (run) => run.page.getByRole('button', { name: text(run.scenario.lng, 'landing', 'errors.retry') }).click() },
    'form.reopened': { role: 'user', act: (run) => run.page.getByRole('button', { name: text(run.scenario.lng, 'landing', 'personalEmail.change') }).click() },
    'account.continued': { role: 'user', act: (run) => run.page.getByRole('button', { name: text(run.scenario.lng, 'auth', 'signup.continue') }).click() },
    // The returning account's authenticator app: its code typed into the second step.
    'secondStep.verified': {
      role: 'user',
      act: async (run) => {
        const secret = run.scenario.current?.totpSecret;
        if (!secret) throw new Error('no authenticator app for this account');
        await run.page.getByLabel(text(run.scenario.lng, 'auth', 'code.label')).fill(await totpAt(secret, await serverNow(run.baseURL, 31)));
      },
    },
    'xstate.done.actor.classifyEmail': (event) =>
      param(event, 'output') === 'invalid'
        ? { role: 'unreachable', why: 'the form refuses an address that is not one before the chart sees it' }
        : { role: 'answer' },
    // The free-mail list (a data asset, fetched at the email field's focus) failing to download:
    // the check reports it, the next submit downloads it again.
    'xstate.error.actor.classifyEmail': {
      role: 'failure',
      why: 'the free-mail list failing to download',
      arm: (run) => failOnce(run, { url: /\/assets\/free-mail-domains-[\w-]+\.txt$/, method: 'GET' }, networkFailure),
    },
    'xstate.done.actor.checkAccount': { role: 'answer' },
    // The server failing the account check (the chart goes on without it).
    'xstate.error.actor.checkAccount': {
      role: 'failure',
      why: 'the account check answering 500',
      arm: (run) => failOnce(run, { url: /\/v1\/signup\/check(\?|$)/, method: 'POST' }, serverError()),
    },
    'xstate.done.actor.sendCode': { role: 'answer' },
    'xstate.error.actor.sendCode': (event) => {
      if (codeOf(event) === 'invalid_phone') return { role: 'unreachable', why: 'the form refuses the numbers the auth service would' };
      if (codeOf(event) === 'over_request_rate_limit') return sendBudgetRefusal;
      return codeOf(event) === 'network' ? sendCodeFailure : { role: 'answer' };
    },
    'xstate.done.actor.saveAccount': { role: 'answer' },
    'xstate.error.actor.saveAccount': (event) =>
      codeOf(event) === 'INTERNAL_ERROR'
        ? {
            role: 'failure',
            why: 'the account save answering 500',
            arm: (run) => failOnce(run, { url: /\/v1\/signup\/complete(\?|$)/, method: 'POST' }, serverError()),
          }
        : { role: 'answer' },
  }),
  allow: (snapshot, event) => {
    // /email-form: only the way to its own question (emailClaimedPrompt) and out of it; the rest of
    // the chart is the start page's walks.
    if ((snapshot.context as { landingPage: string }).landingPage === 'email-form') return emailFormAllows(snapshot, event);
    // The free-mail list is downloaded once per page: only the page's first check can find it failing.
    if (event.type === 'xstate.error.actor.classifyEmail') return submitsOf(snapshot) === 1;
    // Asked only without a phone (/email-form): the start page sends one.
    if (event.type === 'xstate.done.actor.checkAccount' && param(event, 'output') === 'emailClaimed') return false;
    // What the check found decides what the save finds: a known phone is a returning account.
    if (event.type === 'xstate.done.actor.saveAccount') return (param<{ returning: boolean }>(event, 'output').returning) === (outcomeOf(snapshot) === 'returning');
    // The email proven by another account meanwhile: only when the check found it new.
    if (event.type === 'xstate.error.actor.saveAccount' && codeOf(event) === 'EMAIL_ALREADY_EXISTS') return outcomeOf(snapshot) === 'new';
    // The second step is asked only of an account the phone already signs in to.
    if (event.type === 'xstate.error.actor.saveAccount' && codeOf(event) === 'insufficient_aal') return outcomeOf(snapshot) === 'returning';
    // The form tells the chart about typing only while a message or a prompt is shown.
    if (event.type === 'form.changed') return failureOf(snapshot) !== null || snapshot.value !== 'editing';
    // 'Try again' is offered for a failed save, not for an email that belongs to another account.
    if (event.type === 'save.retried') return failureOf(snapshot)?.code !== 'EMAIL_ALREADY_EXISTS';
    // 'Change the email' is offered for an email that belongs to another account, not for a failed save.
    if (event.type === 'form.reopened') return failureOf(snapshot)?.code === 'EMAIL_ALREADY_EXISTS';
    return true;
  },
  notes: {
    'signup.emailClaimedPrompt|prompt.changed|0': "the question on /email-form offers 'Continue with email' and a link to sign in with the phone (a new page), no 'change' button",
    'signup.editing|form.changed|0': 'typing with no message on screen',
  },
  prepare: async (path, baseURL) => {
    const lng = (path.input as { language: Lng }).language;
    const submissions = new Map<number, Submission>();
    for (const [index, event] of path.events.entries()) {
      if (event.type !== 'form.submitted') continue;
      const answers = answersOf(path.events, index);
      const kind = (answers.get('classifyEmail') as { output?: keyof typeof domains } | undefined)?.output ?? 'work';
      const outcome = (answers.get('checkAccount') as { output?: string } | undefined)?.output ?? 'new';
      const submission: Submission = { email: `paths.${unique()}@${domains[kind] ?? domains.work}`, phone: frenchMobile() };
      if (outcome === 'returning') {
        const existing = await signUpByApi(baseURL, { phone: submission.phone.e164, email: `paths.${unique()}@${domains.work}` });
        // The save refused for the second step: that account has an authenticator app.
        const save = answers.get('saveAccount');
        if (save?.type === 'xstate.error.actor.saveAccount' && codeOf(save) === 'insufficient_aal') submission.totpSecret = await enrolTotpByApi(baseURL, existing.access_token);
      }
      if (outcome === 'emailTaken') {
        await proveEmailElsewhere(baseURL, submission.email);
      }
      if (outcome === 'emailClaimed') await claimEmailElsewhere(baseURL, submission.email);
      // A code sent to this phone less than a minute ago: the form's send is refused, that code is on its way.
      const send = answers.get('sendCode');
      if (send?.type === 'xstate.error.actor.sendCode' && codeOf(send) === 'over_sms_send_rate_limit') {
        const config = await api<{ auth: { publishableKey: string } }>(baseURL, '/config.json');
        const before = (await outbox(baseURL, submission.phone.e164)).length;
        await fetch(new URL('/auth/v1/otp', baseURL), {
          method: 'POST',
          headers: { apikey: config.auth.publishableKey, 'content-type': 'application/json' },
          body: JSON.stringify({ phone: submission.phone.e164, create_user: true }),
        });
        await codeFor(baseURL, submission.phone.e164, before);
      }
      submissions.set(index, submission);
    }
    return { lng, submissions, emailForm: (path.input as { landingPage: string }).landingPage === 'email-form' };
  },
  open: async (run) => {
    const { lng } = run.scenario;
    if (run.scenario.emailForm) return void (await run.page.goto(`/${lng}/email-form`));
    await run.page.goto(`/${lng}`);
    await pickFrance(run);
    if ((run.path.input as { restored: unknown }).restored) {
      // The model starts this walk at a code step kept from before a reload: get there, then reload.
      const submission: Submission = { email: `paths.${unique()}@${domains.work}`, phone: frenchMobile() };
      await fillAndSubmit(run, submission);
      await run.page.getByLabel(text(lng, 'auth', 'code.label')).waitFor();
      run.restartLog();
      await run.page.reload();
    }
  },
};
