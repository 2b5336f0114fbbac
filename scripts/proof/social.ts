/**
 * `npm run proof:social [-- --short]`: the attacks on social sign-in (#35.6) against the real app
 * and two real OpenID providers (oidc-provider, on loopback), on PGlite, on Postgres, and on two
 * instances sharing one Postgres database (a callback raced across both). Each case prints what the
 * attacker got; the goal is nothing: no session, no account, no redirect off the site.
 */
import { createHash, randomBytes } from 'node:crypto';
import { startIdentityProvider, type RunningIdentityProvider } from '../../server/dev/identity-provider';
import { TestBrowser } from '../../tests/server/auth/social-harness';
import type { ProofApp } from './lib/app';
import { acrossTargets, onInstances, type Column } from './lib/instances';
import { short } from './lib/options';
import { attackVerdict, type AttackCase } from './lib/report';

/** The site every instance says it is (behind one load balancer); requests go to each instance's own port. */
const SITE = 'http://127.0.0.1:9';
const RACE = short ? 6 : 12;
const ACCOUNTS = [
  { id: 'victim', email: 'victim@example.com', emailVerified: true, name: 'Victim' },
  { id: 'mallory', email: 'victim@example.com', emailVerified: false, name: 'Mallory' },
  { id: 'ada', email: 'ada@example.com', emailVerified: true, name: 'Ada' },
];


let visitor = 0;
/** Each trip from its own address (the proof app trusts loopback's X-Forwarded-For), so the per-address limits stay out of the way. */
const nextAddress = () => `10.${(visitor >> 8) & 255}.${visitor++ & 255}.7`;

/** One trip up to the callback: the URL the provider sends the browser to, and the binding cookie. */
async function tripToCallback(app: ProofApp, provider: string, account: string, extra: Record<string, string> = {}) {
  const browser = new TestBrowser();
  const headers = { 'x-forwarded-for': nextAddress() };
  const query = new URLSearchParams({ provider, redirect_to: `${SITE}/en/start`, ...extra });
  const started = await browser.request(`${app.url}/auth/v1/authorize?${query}`, { headers });
  const cookie = (started.headers.get('set-cookie') ?? '').split(';')[0]!;
  const location = started.headers.get('location');
  if (!location) throw new Error(`authorize answered ${started.status}: ${await started.text()}`);
  const atLogin = await browser.follow(location, () => false);
  const toCallback = await browser.follow(`${atLogin.url.origin}${atLogin.url.pathname}/login`, (url) => url.origin === SITE, { form: { account } });
  const callback = new URL(toCallback.url.pathname + toCallback.url.search, app.url);
  return { callback, cookie, headers };
}

/** The callback as a browser sends it, to one instance; what came back. */
async function deliver(app: ProofApp, callback: URL, cookie: string | null, headers: Record<string, string>) {
  const target = new URL(callback.pathname + callback.search, app.url);
  const response = await fetch(target, { redirect: 'manual', headers: { ...headers, ...(cookie ? { cookie } : {}) } });
  const location = response.headers.get('location');
  const body = location ? '' : await response.text();
  const code = location ? new URL(location).searchParams.get('error_code') : (/"error_code":"(\w+)"/.exec(body)?.[1] ?? null);
  const session = Boolean(location && new URL(location).hash.includes('access_token='));
  const offSite = Boolean(location && new URL(location).origin !== SITE);
  return { status: response.status, code, session, offSite, location };
}

const describe = (answer: Awaited<ReturnType<typeof deliver>>) => `${answer.status}${answer.code ? ` ${answer.code}` : ''}${answer.session ? ' SESSION' : ''}`;

async function stateAttacks(apps: ProofApp[]): Promise<AttackCase[]> {
  const [app, other = app] = apps as [ProofApp, ProofApp?];
  const cases: AttackCase[] = [];
  const replay = await tripToCallback(app, 'custom:proof', 'ada');
  await deliver(app, replay.callback, replay.cookie, replay.headers);
  const again = await deliver(other, replay.callback, replay.cookie, replay.headers);
  cases.push({ attack: 'callback replayed (state + code again)', got: describe(again), gained: again.session });

  const lured = await tripToCallback(app, 'custom:proof', 'ada');
  const victim = await deliver(app, lured.callback, null, { 'x-forwarded-for': nextAddress() });
  cases.push({ attack: "attacker's callback lured into the victim's browser", got: describe(victim), gained: victim.session });

  const ours = await tripToCallback(app, 'custom:proof', 'ada');
  const theirs = await tripToCallback(app, 'custom:other', 'ada');
  const swapped = new URL(ours.callback);
  swapped.searchParams.set('code', theirs.callback.searchParams.get('code')!);
  swapped.searchParams.set('iss', theirs.callback.searchParams.get('iss') ?? '');
  const swap = await deliver(app, swapped, ours.cookie, ours.headers);
  cases.push({ attack: 'code swapped between providers', got: describe(swap), gained: swap.session });

  for (const column of ['nonce', 'provider_verifier'] as const) {
    const trip = await tripToCallback(app, 'custom:proof', 'ada');
    await app.app.db.updateTable('auth_oauth_states').set({ [column]: randomBytes(32).toString('base64url') }).where('id', '=', trip.callback.searchParams.get('state')!).execute();
    const answer = await deliver(app, trip.callback, trip.cookie, trip.headers);
    cases.push({ attack: column === 'nonce' ? 'ID token for another nonce' : 'our PKCE verifier not the one sent', got: describe(answer), gained: answer.session });
  }

  const late = await tripToCallback(app, 'custom:proof', 'ada');
  (app.app.clock as { advance?: (ms: number) => void }).advance?.(301_000);
  const expired = await deliver(app, late.callback, late.cookie, late.headers);
  cases.push({ attack: 'state used after 300 s', got: describe(expired), gained: expired.session });
  return cases;
}

async function raceAndRedirects(apps: ProofApp[]): Promise<AttackCase[]> {
  const cases: AttackCase[] = [];
  const trip = await tripToCallback(apps[0]!, 'custom:proof', 'ada');
  const answers = await Promise.all(Array.from({ length: RACE }, (_, index) => deliver(apps[index % apps.length]!, trip.callback, trip.cookie, trip.headers)));
  const sessions = answers.filter((answer) => answer.session).length;
  cases.push({ attack: `one callback ${RACE}× at once, spread over the instances`, got: `${sessions} session(s), ${RACE - sessions} refused`, gained: sessions > 1 });

  let offSite = 0;
  const targets = ['https://evil.example/steal', '//evil.example/x', 'javascript:alert(1)', 'http://127.0.0.1.evil.example/', 'http://127.0.0.1:9@evil.example/'];
  for (const redirectTo of targets) {
    const redirected = await tripToCallback(apps[0]!, 'custom:proof', 'ada', { redirect_to: redirectTo });
    const answer = await deliver(apps[0]!, redirected.callback, redirected.cookie, redirected.headers);
    if (answer.offSite) offSite += 1;
  }
  cases.push({ attack: `redirect_to off the site (${targets.length} forms)`, got: `${offSite} left the site`, gained: offSite > 0 });

  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const pkce = await tripToCallback(apps[0]!, 'custom:proof', 'ada', { code_challenge: challenge, code_challenge_method: 's256' });
  const answer = await deliver(apps[0]!, pkce.callback, pkce.cookie, pkce.headers);
  const code = new URL(answer.location!).searchParams.get('code')!;
  const exchange = (app: ProofApp, with_: string) =>
    fetch(`${app.url}/auth/v1/token?grant_type=pkce`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress() }, body: JSON.stringify({ auth_code: code, code_verifier: with_ }) });
  const stolen = await exchange(apps[0]!, randomBytes(32).toString('base64url'));
  const owner = await exchange(apps.at(-1)!, verifier);
  const reused = await exchange(apps[0]!, verifier);
  cases.push({ attack: 'PKCE code without its verifier, then reused', got: `${stolen.status}, owner ${owner.status}, reuse ${reused.status}`, gained: stolen.ok || reused.ok });
  return cases;
}

/** An attacker's provider account carrying the victim's email, unverified. */
async function emailAttack(apps: ProofApp[]): Promise<AttackCase> {
  const app = apps[0]!;
  const honest = await tripToCallback(app, 'custom:proof', 'victim');
  await deliver(app, honest.callback, honest.cookie, honest.headers);
  const victim = await app.app.db.selectFrom('auth_users').select('id').where('email', '=', 'victim@example.com').executeTakeFirstOrThrow();
  const trip = await tripToCallback(app, 'custom:other', 'mallory');
  const answer = await deliver(app, trip.callback, trip.cookie, trip.headers);
  const token = new URLSearchParams(new URL(answer.location!).hash.slice(1)).get('access_token');
  const me = token ? ((await (await fetch(`${app.url}/auth/v1/user`, { headers: { authorization: `Bearer ${token}` } })).json()) as { id: string; email: string }) : null;
  const reached = me?.id === victim.id || me?.email === 'victim@example.com';
  return { attack: "attacker's provider account with the victim's unverified email", got: me ? `own new account (email "${me.email}")` : describe(answer), gained: reached };
}

/** The app's settings naming the two providers (the attacker's account lives on the second). */
function providerEnv([proof, other]: RunningIdentityProvider[]): Record<string, string> {
  return {
    PUBLIC_URL: SITE,
    DEV_IDENTITY_PROVIDER: 'false',
    EXTERNAL_CUSTOM_PROOF_ISSUER: proof!.issuer,
    EXTERNAL_CUSTOM_PROOF_CLIENT_ID: proof!.clientId,
    EXTERNAL_CUSTOM_PROOF_SECRET: proof!.secret,
    EXTERNAL_CUSTOM_OTHER_ISSUER: other!.issuer,
    EXTERNAL_CUSTOM_OTHER_CLIENT_ID: other!.clientId,
    EXTERNAL_CUSTOM_OTHER_SECRET: other!.secret,
  };
}

const everyAttack = async (apps: ProofApp[]): Promise<AttackCase[]> => [...(await stateAttacks(apps)), ...(await raceAndRedirects(apps)), await emailAttack(apps)];

const redirectUris = [`${SITE}/auth/v1/callback`];
const providers = [await startIdentityProvider({ redirectUris, accounts: ACCOUNTS }), await startIdentityProvider({ redirectUris, accounts: ACCOUNTS, clientId: 'other-client' })];
let columns: Column<AttackCase[]>[];
try {
  columns = await acrossTargets((target, twoInstances) => onInstances(target, twoInstances, providerEnv(providers), everyAttack));
} finally {
  for (const provider of providers) await provider.close();
}
attackVerdict('proof:social', columns);
