/**
 * `npm run proof:access [-- --short]`: the access matrix. Two users, A and B, each with everything
 * an account can own (profile, business, private data, identity check, a paid subscription, an open
 * checkout, a card-update page, an MFA factor and challenge, sessions). Then every route the app
 * registers (read from the app) is called as B with A's identifiers in every place a route takes
 * one (path, query, body), and with tokens forged to claim A. Counted, on PGlite and Postgres:
 * - cross-user reads: one of A's private values in an answer to B (a value B did not send);
 * - cross-user writes: any of A's rows changed by B's requests (a snapshot of every table with a
 *   user_id column, A's auth user, A's factors' challenges, taken after each route);
 * - forged tokens accepted: 2xx on a route that refuses a request with no token.
 * The goal is 0 of each. Runs in production mode (no dev routes; admin pages need ADMIN_TOKEN).
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { generate as totpCode } from 'otplib';
import { setKycStatus } from '../../server/api/profiles';
import { createUser } from '../../tests/server/onboarding/users';
import { fakeClientAddress } from '../bench/sessions';
import { startProofApp, type ProofApp, type RouteEntry } from './lib/app';
import { proofTargets, type ProofTarget } from './lib/databases';
import { encodeComponent } from './lib/hostile';
import { call as callApp, closeConnections, type WireAnswer } from './lib/http';
import { seed, short } from './lib/options';
import { heading, seconds, table, verdict } from './lib/report';
import { acceptedSample, toJsonSchema } from './lib/schema-arbitrary';
import { forgedTokens, type ProofUser } from './lib/identities';

const ADMIN_TOKEN = `proof-admin-${randomBytes(12).toString('hex')}`;
const HANG_MS = 15_000;

/** Everything user A owns that a route could be asked about, and what must never reach B. */
interface Owner {
  user: ProofUser;
  phone: string;
  /** Values only A's own data holds: one of these in an answer to B is a cross-user read. */
  secrets: Record<string, string>;
  /** Identifiers of A's things, tried wherever a route takes an id. */
  ids: Record<string, string>;
}

let clientSequence = 0;
const nextClient = () => fakeClientAddress(200_000 + ++clientSequence);

async function call(proof: ProofApp, method: string, path: string, headers: Record<string, string>, body?: unknown, form = false): Promise<WireAnswer> {
  return callApp(proof.port, method, path, { headers: { 'x-forwarded-for': nextClient(), ...headers }, body, form, timeoutMs: HANG_MS });
}

async function expectOk(answer: Promise<WireAnswer>, what: string): Promise<WireAnswer> {
  const result = await answer;
  if (result.status < 200 || result.status >= 400) throw new Error(`setup: ${what} answered ${result.status} ${result.body.slice(0, 300)}`);
  return result;
}

/** A user with a session signed by the server's own keys (production mode sends no codes to read), then everything else through the API. */
async function makeOwner(proof: ProofApp, label: 'A' | 'B', index: number, options: { subscribe: boolean }): Promise<Owner> {
  const marker = `${label}${randomBytes(5).toString('hex')}`;
  const email = `proof-${marker.toLowerCase()}@acme-widgets.com`;
  const created = await createUser(proof.app, { email });
  const config = JSON.parse((await call(proof, 'GET', '/config.json', {})).body) as { auth: { publishableKey: string } };
  const headers = { apikey: config.auth.publishableKey, authorization: created.headers.authorization };
  const user: ProofUser = {
    label,
    id: created.id,
    email,
    session: { access_token: created.token, refresh_token: '', expires_at: 0, token_type: 'bearer', user: { id: created.id } },
    headers,
  };
  const phone = `+3361234${String(5000 + index * 7 + Math.floor(Math.random() * 4000)).padStart(4, '0')}`;
  await expectOk(call(proof, 'PATCH', '/v1/user', headers, { name: `Name${marker} Secret${marker}`, phone: { number: phone } }), 'PATCH /v1/user');
  await expectOk(
    call(proof, 'PATCH', '/v1/business', headers, { size: '2-10', company_name: `Company${marker}`, country: 'FR', industry: 'construction', job_role: 'founder', crm: 'hubspot' }),
    'PATCH /v1/business',
  );
  await expectOk(call(proof, 'PATCH', '/v1/user/data', headers, { proof_marker: `Data${marker}` }), 'PATCH /v1/user/data');
  await expectOk(call(proof, 'POST', '/v1/user/legitimacy-verification', headers, { company_name: `Company${marker}` }), 'legitimacy check');
  const ids: Record<string, string> = { user: created.id };
  if (options.subscribe) {
    await setKycStatus(proof.app.db, created.id, 'VALIDATED');
    const checkout = async () => {
      const answer = await expectOk(call(proof, 'GET', '/v2/user/subscription/stripe/checkout-session?locale=en&interval=yearly&plan=business&currency=EUR', headers), 'checkout session');
      return new URL((JSON.parse(answer.body) as { url: string }).url).pathname.split('/')[2] ?? '';
    };
    ids.paidCheckout = await checkout();
    ids.openCheckout = await checkout();
    await expectOk(call(proof, 'POST', `/checkout/${ids.paidCheckout}`, {}, { name: `Name${marker}`, number: '4111111111111111', expiry: '12/34', cvc: '123' }, true), 'pay');
    const update = await expectOk(call(proof, 'POST', '/v1/subscription/payment-method', headers, { locale: 'en' }), 'card update page');
    ids.cardUpdate = new URL((JSON.parse(update.body) as { url: string }).url).pathname.split('/')[2] ?? '';
    const subscription = await proof.app.db.selectFrom('subscriptions').select('id').where('user_id', '=', created.id).executeTakeFirst();
    if (subscription) ids.subscription = String(subscription.id);
  }
  // A verified TOTP factor (the session becomes aal2) and a second, unverified one with an open challenge.
  const factor = JSON.parse((await expectOk(call(proof, 'POST', '/auth/v1/factors', headers, { factor_type: 'totp', friendly_name: `Phone${marker}` }), 'enrol')).body) as { id: string; totp: { secret: string } };
  const challenge = JSON.parse((await expectOk(call(proof, 'POST', `/auth/v1/factors/${factor.id}/challenge`, headers, {}), 'challenge')).body) as { id: string };
  // The challenge is bound to the address that asked for it, and every call here comes from a new one.
  await proof.app.db.updateTable('auth_challenges').set({ ip: null }).where('id', '=', challenge.id).execute();
  const verified = JSON.parse(
    (await expectOk(call(proof, 'POST', `/auth/v1/factors/${factor.id}/verify`, headers, { challenge_id: challenge.id, code: await totpCode({ secret: factor.totp.secret }) }), 'verify factor')).body,
  ) as { access_token: string; refresh_token: string };
  headers.authorization = `Bearer ${verified.access_token}`;
  user.session = { ...user.session, access_token: verified.access_token, refresh_token: verified.refresh_token };
  const second = JSON.parse((await expectOk(call(proof, 'POST', '/auth/v1/factors', headers, { factor_type: 'totp', friendly_name: `Spare${marker}` }), 'enrol a second factor')).body) as { id: string };
  const open = JSON.parse((await expectOk(call(proof, 'POST', `/auth/v1/factors/${second.id}/challenge`, headers, {}), 'open challenge')).body) as { id: string };
  Object.assign(ids, { factor: factor.id, spareFactor: second.id, challenge: open.id });
  const me = JSON.parse((await expectOk(call(proof, 'GET', '/auth/v1/user', headers), 'GET /auth/v1/user')).body) as { identities?: { id: string; identity_id: string }[] };
  for (const [at, identity] of (me.identities ?? []).entries()) {
    ids[`identity${at}`] = identity.identity_id;
    ids[`identityRow${at}`] = identity.id;
  }
  const session = JSON.parse(Buffer.from(verified.access_token.split('.')[1] ?? '', 'base64url').toString()) as { session_id: string };
  ids.session = session.session_id;
  return {
    user,
    phone,
    secrets: { name: `Name${marker}`, surname: `Secret${marker}`, company: `Company${marker}`, data: `Data${marker}`, factorName: `Phone${marker}`, email, phone, phoneDigits: phone.slice(1) },
    ids,
  };
}

/** Every row of A's: each table with a user_id column, A's auth user, and the challenges of A's factors. */
async function snapshot(proof: ProofApp, userId: string): Promise<Map<string, string>> {
  const db = proof.app.db;
  const tables = await sql<{ table_name: string }>`select distinct table_name from information_schema.columns where column_name = 'user_id' and table_schema = current_schema() order by table_name`.execute(db);
  const rows = new Map<string, string>();
  for (const { table_name: name } of tables.rows) {
    const result = await sql<Record<string, unknown>>`select * from ${sql.table(name)} where user_id = ${userId}`.execute(db);
    rows.set(name, JSON.stringify(result.rows.map((row) => JSON.stringify(row)).sort()));
  }
  const user = await sql<Record<string, unknown>>`select * from auth_users where id = ${userId}`.execute(db);
  rows.set('auth_users', JSON.stringify(user.rows));
  const challenges = await sql<Record<string, unknown>>`select c.* from auth_challenges c join auth_factors f on f.id = c.factor_id where f.user_id = ${userId} order by c.id`.execute(db);
  rows.set('auth_challenges', JSON.stringify(challenges.rows));
  return rows;
}

function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after.keys()].filter((name) => before.get(name) !== after.get(name));
}

/** Field names a route takes an identifier in, and which of A's values to put there. */
function identifierFor(key: string, owner: Owner): string[] | null {
  const ids = owner.ids;
  if (/email|recipient/i.test(key)) return [owner.user.email];
  if (/phone|number|msisdn/i.test(key)) return [owner.phone, owner.phone.slice(1)];
  if (/factor/i.test(key)) return [ids.factor ?? '', ids.spareFactor ?? ''];
  if (/challenge/i.test(key)) return [ids.challenge ?? ''];
  if (/session/i.test(key)) return [ids.session ?? '', ids.paidCheckout ?? ''];
  if (/^user$|user_?id|owner|account|sub$/i.test(key)) return [owner.user.id, owner.user.email];
  if (/(^|_)id$|^id$/i.test(key)) return Object.values(ids);
  return null;
}

/** A well-formed object with every identifier-like field set to each of A's values in turn. */
function withOwnerIds(base: Record<string, unknown>, schema: unknown, owner: Owner): Record<string, unknown>[] {
  const json = toJsonSchema(schema);
  const keys = new Set([...Object.keys(base), ...Object.keys((json?.properties as Record<string, unknown> | undefined) ?? {})]);
  const variants: Record<string, unknown>[] = [];
  for (const key of keys) {
    for (const value of identifierFor(key, owner) ?? []) {
      if (value) variants.push({ ...base, [key]: key === 'phone' && typeof base.phone === 'object' ? { number: value } : value });
    }
  }
  return variants;
}

interface Probe {
  path: string;
  body?: unknown;
  /** What of A's the probe carries (so an echo of it is not counted as a leak). */
  sent: string;
}

function probesFor(route: RouteEntry, owner: Owner): Probe[] {
  const params = route.url.match(/:([A-Za-z0-9_]+)/g)?.map((name) => name.slice(1)) ?? [];
  const query = (acceptedSample(route.schema.querystring, seed) ?? {}) as Record<string, unknown>;
  const body = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method) ? ((acceptedSample(route.schema.body, seed) as Record<string, unknown> | undefined) ?? {}) : undefined;
  const encodeQuery = (value: Record<string, unknown>) => new URLSearchParams(Object.entries(value).map(([key, item]) => [key, typeof item === 'object' ? JSON.stringify(item) : String(item)])).toString();
  const path = (values: Record<string, string>) => {
    const filled = route.url.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => encodeComponent(values[name] ?? 'x')).replace(/\*$/, 'x');
    return filled;
  };
  const withQuery = (base: string, value: Record<string, unknown>) => (Object.keys(value).length ? `${base}?${encodeQuery(value)}` : base);
  const probes: Probe[] = [];
  // Each path parameter with each of A's identifiers.
  const idValues = [...new Set(Object.values(owner.ids).filter(Boolean))];
  if (params.length) {
    for (const param of params) {
      for (const id of idValues) probes.push({ path: withQuery(path({ [param]: id }), query), ...(body ? { body } : {}), sent: id });
    }
  } else {
    probes.push({ path: withQuery(path({}), query), ...(body ? { body } : {}), sent: '' });
  }
  const basePath = path(Object.fromEntries(params.map((name) => [name, owner.ids.factor ?? 'x'])));
  for (const variant of withOwnerIds(query, route.schema.querystring, owner)) probes.push({ path: withQuery(basePath, variant), ...(body ? { body } : {}), sent: JSON.stringify(variant) });
  if (body) for (const variant of withOwnerIds(body, route.schema.body, owner)) probes.push({ path: withQuery(basePath, query), body: variant, sent: JSON.stringify(variant) });
  return short ? probes.slice(0, 24) : probes;
}

/** A's private values in an answer, leaving out what the request itself carried. */
function leaked(answer: WireAnswer, owner: Owner, sent: string): string[] {
  const text = `${answer.body}\n${JSON.stringify(answer.headers)}`;
  return Object.entries(owner.secrets)
    .filter(([, secret]) => secret && text.includes(secret) && !sent.includes(secret))
    .map(([name]) => name);
}

/**
 * Routes reached by an unguessable address instead of a token: holding the address is the access
 * (like a Stripe Checkout URL), so B holding A's is not a question this matrix can ask.
 */
const capabilityRoutes = new Set(['GET /checkout/:id', 'HEAD /checkout/:id', 'POST /checkout/:id']);

interface RouteResult {
  route: string;
  requests: number;
  b2xx: number;
  reads: number;
  writes: string[];
  forgedAccepted: number;
  needsAuth: boolean;
}

async function accessTarget(target: ProofTarget): Promise<{ results: RouteResult[]; examples: string[]; controls: number }> {
  heading(`${target.label}: building the app and two users`);
  const started = performance.now();
  const proof = await startProofApp(target, { NODE_ENV: 'production', PUBLIC_URL: 'http://127.0.0.1', ADMIN_TOKEN, AUTH_SECRET: randomBytes(32).toString('hex') });
  const results: RouteResult[] = [];
  const examples: string[] = [];
  const controls: string[] = [];
  try {
    const owner = await makeOwner(proof, 'A', 1, { subscribe: true });
    let other = await makeOwner(proof, 'B', 2, { subscribe: false });
    const forged = await forgedTokens(proof.url, owner.user, other.user);
    console.log(`A owns: ${Object.keys(owner.ids).join(', ')}; ${proof.routes.length} routes read from the app`);
    for (const route of proof.routes) {
      const key = `${route.method} ${route.url}`;
      if (capabilityRoutes.has(key)) continue;
      const result: RouteResult = { route: key, requests: 0, b2xx: 0, reads: 0, writes: [], forgedAccepted: 0, needsAuth: false };
      results.push(result);
      const before = await snapshot(proof, owner.user.id);
      const probes = probesFor(route, owner);
      for (const probe of probes) {
        const answer = await call(proof, route.method, probe.path, other.user.headers, probe.body);
        result.requests += 1;
        if (answer.status >= 200 && answer.status < 300) result.b2xx += 1;
        const found = leaked(answer, owner, probe.sent);
        if (found.length) {
          result.reads += 1;
          if (examples.length < 20) examples.push(`[${target.label}] ${key} as B: ${probe.path.slice(0, 160)} ${probe.body ? JSON.stringify(probe.body).slice(0, 160) : ''} → ${answer.status}, shows A's ${found.join(', ')}`);
        }
      }
      // Forged tokens claiming A, on the first probe: accepted if the route refuses no token but not them.
      const first = probes[0];
      if (first) {
        const anonymous = await call(proof, route.method, first.path, { apikey: owner.user.headers.apikey }, first.body);
        result.requests += 1;
        result.needsAuth = anonymous.status === 401 || anonymous.status === 403;
        for (const [name, token] of Object.entries(forged)) {
          const answer = await call(proof, route.method, first.path, { apikey: owner.user.headers.apikey, authorization: `Bearer ${token}` }, first.body);
          result.requests += 1;
          const accepted = (result.needsAuth && answer.status >= 200 && answer.status < 300) || leaked(answer, owner, first.sent).length > 0;
          if (accepted) {
            result.forgedAccepted += 1;
            if (examples.length < 20) examples.push(`[${target.label}] ${key} with a forged token (${name}) → ${answer.status}`);
          }
        }
      }
      result.writes = changedTables(before, await snapshot(proof, owner.user.id));
      if (result.writes.length && examples.length < 20) examples.push(`[${target.label}] ${key} as B changed A's ${result.writes.join(', ')}`);
      // B may have signed itself out or changed its own address: a fresh B keeps the matrix honest.
      const check = await call(proof, 'GET', '/auth/v1/user', other.user.headers);
      if (check.status !== 200) other = await makeOwner(proof, 'B', 3 + results.length, { subscribe: false });
    }
    // The control: A's own token shows A's values on the routes that read them, so the matrix can see a leak when there is one.
    for (const route of proof.routes.filter((entry) => entry.method === 'GET' && !entry.url.includes(':'))) {
      const answer = await call(proof, 'GET', route.url, owner.user.headers);
      if (leaked(answer, owner, '').length) controls.push(`${route.method} ${route.url}`);
    }
    const beforeOwnWrite = await snapshot(proof, owner.user.id);
    await call(proof, 'PATCH', '/v1/user/data', owner.user.headers, { proof_control: 'changed by A' });
    const ownWrite = changedTables(beforeOwnWrite, await snapshot(proof, owner.user.id));
    if (!ownWrite.length) controls.length = 0;
    console.log(`control: A's own write shows in the snapshot (${ownWrite.join(', ') || 'NOT SEEN'})`);
    console.log(`control: A's own token shows A's values on ${controls.length} routes (${controls.join(', ')})`);
    // A still works: a cross-user write that locked A out would show here too.
    const stillA = await call(proof, 'GET', '/v1/user', owner.user.headers);
    if (stillA.status !== 200) examples.push(`[${target.label}] A's own session no longer works after the matrix (${stillA.status})`);
    if (stillA.status !== 200) results.push({ route: "(A's session afterwards)", requests: 1, b2xx: 0, reads: 0, writes: ['auth_sessions'], forgedAccepted: 0, needsAuth: true });
  } finally {
    await proof.close();
    closeConnections();
  }
  console.log(`${target.label}: done in ${seconds(performance.now() - started)}`);
  return { results, examples, controls: controls.length };
}

async function main(): Promise<void> {
  console.log(`proof:access${short ? ' (short)' : ''}`);
  const summary: (string | number)[][] = [];
  const examples: string[] = [];
  const blind: string[] = [];
  for (const target of await proofTargets()) {
    const outcome = await accessTarget(target);
    examples.push(...outcome.examples);
    heading(`${target.label}: every route as user B with user A's identifiers`);
    console.log(
      table(
        ['route', 'requests', 'B got 2xx', 'needs a token', 'cross-user reads', 'cross-user writes', 'forged accepted'],
        outcome.results.map((r) => [r.route, r.requests, r.b2xx, r.needsAuth ? 'yes' : 'no', r.reads, r.writes.length, r.forgedAccepted]),
      ),
    );
    const sum = (pick: (r: RouteResult) => number) => outcome.results.reduce((total, r) => total + pick(r), 0);
    if (outcome.controls === 0) blind.push(target.label);
    summary.push([target.label, outcome.results.length, sum((r) => r.requests), sum((r) => r.reads), sum((r) => r.writes.length), sum((r) => r.forgedAccepted)]);
  }
  heading('cross-user access (first 20)');
  console.log(examples.length ? examples.map((line) => `- ${line}`).join('\n') : 'none');
  heading('summary');
  console.log(table(['database', 'routes', 'requests', 'cross-user reads', 'cross-user writes', 'forged tokens accepted'], summary));
  console.log(`Not in the matrix: ${[...capabilityRoutes].join(', ')} (the unguessable address is the access, no token involved).`);
  const failures: string[] = blind.map((label) => `${label}: the controls failed (A's own token showed none of A's values, or A's own write did not show in the snapshot), so the matrix could not have seen a leak`);
  for (const [label, , , reads, writes, forged] of summary) {
    if (Number(reads)) failures.push(`${label}: ${reads} cross-user reads (goal 0)`);
    if (Number(writes)) failures.push(`${label}: ${writes} routes changed A's rows as B (goal 0)`);
    if (Number(forged)) failures.push(`${label}: ${forged} forged tokens accepted (goal 0)`);
  }
  verdict('proof:access', failures);
}

await main();
