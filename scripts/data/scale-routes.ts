import type { FastifyInstance } from 'fastify';
import { runBillingCycle } from '../../server/payments/billing';
import { runRetention } from '../../server/retention/job';
import { retentionPeriods } from '../../server/retention/periods';
import { createUser, type TestUser } from '../../tests/server/onboarding/users';

/**
 * What `npm run bench:scale` measures (scripts/data/scale-bench.ts): the routes a person waits on,
 * called over real HTTP on a listening app, and the jobs that share the database with them, called
 * as the server calls them. Each sample does its own untimed setup (a fresh address, a code read from
 * the dev outbox) and records only the request or run being measured.
 */

/** One database size under test: the app listening on it, a signed-in person and the state samples pass on. */
export interface Target {
  label: string;
  app: FastifyInstance;
  baseURL: string;
  apikey: string;
  user: TestUser;
  /** Refresh tokens handed out by the code verifies, each used once by a refresh sample. */
  refreshTokens: string[];
  sequence: number;
}

export type Record = (name: string, ms: number) => void;

export interface Measure {
  name: string;
  sample(target: Target, record: Record): Promise<void>;
}

/** The bench's visitors each come from their own address (believed from 127.0.0.1 by TRUSTED_PROXIES). */
const visitorAddress = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

async function call(target: Target, path: string, init: { method?: string; body?: unknown; headers?: globalThis.Record<string, string> } = {}): Promise<{ ms: number; body: unknown }> {
  target.sequence += 1;
  const started = performance.now();
  const response = await fetch(new URL(path, target.baseURL), {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', apikey: target.apikey, 'x-forwarded-for': visitorAddress(target.sequence), ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  const ms = performance.now() - started;
  // A failed request is not a measurement: the bench stops rather than time error answers.
  if (!response.ok) throw new Error(`${target.label}: ${init.method ?? 'GET'} ${path} → ${response.status} ${text.slice(0, 200)}`);
  return { ms, body: text ? (JSON.parse(text) as unknown) : null };
}

/** The code the dev outbox holds for this address (asked without a forwarded address: the outbox answers this machine only). */
async function codeFor(target: Target, address: string): Promise<string> {
  const response = await fetch(new URL(`/dev/outbox.json?recipient=${encodeURIComponent(address)}`, target.baseURL));
  const outbox = (await response.json()) as { messages: Array<{ code: string | null }> };
  const code = outbox.messages[0]?.code;
  if (!code) throw new Error(`${target.label}: no code in the dev outbox for ${address}`);
  return code;
}

const unique = (target: Target, tag: string) => `${tag}-${process.pid}-${target.sequence}-${Math.random().toString(36).slice(2, 8)}@acme-widgets.com`;

const authed = (target: Target) => ({ authorization: target.user.headers.authorization });

export const measures: Measure[] = [
  { name: 'GET /v1/user', sample: async (t, record) => record('GET /v1/user', (await call(t, '/v1/user', { headers: authed(t) })).ms) },
  { name: 'GET /v1/business', sample: async (t, record) => record('GET /v1/business', (await call(t, '/v1/business', { headers: authed(t) })).ms) },
  {
    // A new address each time (the usual case: nothing matches, which is what read the whole table).
    name: 'PATCH /v1/user (email)',
    sample: async (t, record) => record('PATCH /v1/user (email)', (await call(t, '/v1/user', { method: 'PATCH', headers: authed(t), body: { email: unique(t, 'patch') } })).ms),
  },
  {
    name: 'POST /v1/signup/check',
    sample: async (t, record) => record('POST /v1/signup/check', (await call(t, '/v1/signup/check', { method: 'POST', body: { email: unique(t, 'check') } })).ms),
  },
  {
    // A sign-up by email code: the send, then the verify (which drops other accounts' claims on the address).
    name: 'email code',
    sample: async (t, record) => {
      const email = unique(t, 'code');
      record('POST /auth/v1/otp (email)', (await call(t, '/auth/v1/otp', { method: 'POST', body: { email, create_user: true } })).ms);
      const token = await codeFor(t, email);
      const verified = await call(t, '/auth/v1/verify', { method: 'POST', body: { type: 'email', email, token } });
      record('POST /auth/v1/verify (email code)', verified.ms);
      t.refreshTokens.push((verified.body as { refresh_token: string }).refresh_token);
    },
  },
  {
    name: 'POST /auth/v1/token (refresh)',
    sample: async (t, record) => {
      const token = t.refreshTokens.shift();
      if (!token) return; // the code samples of this round fill the pool
      const answer = await call(t, '/auth/v1/token?grant_type=refresh_token', { method: 'POST', body: { refresh_token: token } });
      record('POST /auth/v1/token (refresh)', answer.ms);
      t.refreshTokens.push((answer.body as { refresh_token: string }).refresh_token);
    },
  },
  { name: 'GET /v1/subscription/plans', sample: async (t, record) => record('GET /v1/subscription/plans', (await call(t, '/v1/subscription/plans?currency=EUR')).ms) },
  {
    name: 'POST /analytics/2/httpapi (5 events)',
    sample: async (t, record) => {
      const device = `scale-device-${t.sequence}`;
      const time = Date.now();
      const events = Array.from({ length: 5 }, (_, index) => ({
        event_type: index === 0 ? '[Amplitude] Page Viewed' : 'onboarding step viewed',
        device_id: device,
        time: time + index,
        insert_id: `${device}-${index}-${Math.random()}`,
        event_properties: index === 0 ? {} : { step: 'size' },
      }));
      const apiKey = t.app.publicSettings.analyticsApiKey!;
      record('POST /analytics/2/httpapi (5 events)', (await call(t, '/analytics/2/httpapi', { method: 'POST', body: { api_key: apiKey, events } })).ms);
    },
  },
  // The same greeting each time: after the first, the cached audio's description.
  { name: 'GET /greetings (cached)', sample: async (t, record) => record('GET /greetings (cached)', (await call(t, '/greetings?text=Hello&voice=sarah')).ms) },
  {
    name: 'billing job',
    sample: async (t, record) => {
      const started = performance.now();
      await runBillingCycle(t.app.db, new Date());
      record('billing job (one run)', performance.now() - started);
    },
  },
  {
    name: 'retention job',
    sample: async (t, record) => {
      const started = performance.now();
      await runRetention(t.app.database, new Date(), retentionPeriods(t.app.env));
      record('retention job (one run)', performance.now() - started);
    },
  },
];

/** A target on a listening app: a signed-in person with a business, and a greeting made once so the samples read the cache. */
export async function prepareTarget(label: string, app: FastifyInstance): Promise<Target> {
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const config = (await (await fetch(new URL('/config.json', address))).json()) as { auth: { publishableKey: string } };
  const user = await createUser(app, { email: `scale-${label}-${process.pid}@acme-widgets.com` });
  const target: Target = { label, app, baseURL: address, apikey: config.auth.publishableKey, user, refreshTokens: [], sequence: 0 };
  await call(target, '/v1/business', { method: 'PATCH', headers: authed(target), body: { size: '2-10', company_name: 'Acme Widgets' } });
  await call(target, '/greetings?text=Hello&voice=sarah');
  return target;
}
