/**
 * `npm run proof:durability [-- --short]`: the built server (dist/server/server.js, rebuilt first)
 * as a child process on PGlite (a data directory) and on Postgres (a database of its own). Each
 * round: writers issue writes and note every one the server acknowledged (2xx), the server is
 * killed with SIGKILL mid-stream, restarted on the same data, and every acknowledged write is
 * looked for. Writes: a per-user counter in the user's data (PATCH /v1/user/data; the stored value
 * must be at least the last acknowledged one) and demo bookings (POST /v1/bookings with a request
 * id; after the restart the same request must find the stored booking, 200, not create it, 201).
 * Then concurrent checkout: several validated users each pay three hosted checkout pages at once;
 * every user must end with one live subscription. Goals: 0 acknowledged writes lost, 0 double
 * live subscriptions.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type DatabaseTarget } from '../../server/db/client';
import { LIVE_STATUSES } from '../../server/payments/subscription-life';
import { startServerProcess, type RunningServer } from '../../tests/helpers/server-process';
import { fakeClientAddress, publishableKey, signUp, type Session } from '../bench/sessions';
import { postgresServerUrl, postgresUnavailable, scratchPostgres } from './lib/databases';
import { call, closeConnections, json, pool } from './lib/http';
import { only, short, sized } from './lib/options';
import { heading, seconds, table, verdict } from './lib/report';

const ROUNDS = sized('PROOF_KILL_ROUNDS', 16, 3);
const USERS = sized('PROOF_WRITERS', 6, 4);
const BOOKING_WRITERS = sized('PROOF_BOOKING_WRITERS', 4, 2);
const CHECKOUT_USERS = sized('PROOF_CHECKOUT_USERS', 8, 4);
const ADMIN_TOKEN = `proof-admin-${randomUUID()}`;

interface Store {
  label: string;
  env: Record<string, string>;
  target: DatabaseTarget;
  cleanup(): Promise<void>;
}

interface RoundResult {
  round: number;
  acknowledged: number;
  lost: number;
  failedInFlight: number;
  writeMs: number;
  restartMs: number;
}

let sequence = 0;
const nextClient = () => fakeClientAddress(600_000 + ++sequence);
const portOf = (server: RunningServer) => Number(new URL(server.url).port);

async function start(store: Store): Promise<RunningServer> {
  return startServerProcess(
    { NODE_ENV: 'development', LOG_LEVEL: 'error', TRUSTED_PROXIES: '127.0.0.1,::1', ADMIN_TOKEN, GREETINGS_THREADS: '1', ...store.env },
    { bundled: true, timeoutMs: 120_000 },
  );
}

function booking(requestId: string, index: number) {
  return { requestId, kind: 'call-now', email: `booking-${index}@acme-widgets.com`, firstName: 'Ada', lastName: 'Lovelace', companyName: 'Acme Widgets', phone: '+33612345678' };
}

/** One kill round: writes until a SIGKILL at a random moment, a restart, then every acknowledged write looked for. */
async function killRound(
  store: Store,
  server: RunningServer,
  round: number,
  users: { session: Session; counter: number; acked: number }[],
  apikey: string,
): Promise<{ result: RoundResult; server: RunningServer }> {
  const port = portOf(server);
  const ackedBookings: { requestId: string; index: number }[] = [];
  let failedInFlight = 0;
  let ackedCounterWrites = 0;
  let killed = false;
  const writeFor = 300 + Math.floor(Math.random() * (short ? 900 : 2500));
  const started = performance.now();
  const userWriters = users.map(async (user) => {
    while (!killed) {
      const value = user.counter + 1;
      const answer = await call(port, 'PATCH', '/v1/user/data', { headers: { apikey, authorization: `Bearer ${user.session.access_token}`, 'x-forwarded-for': nextClient() }, body: { proof_counter: value }, timeoutMs: 10_000 });
      user.counter = value;
      if (answer.status === 200) {
        user.acked = value;
        ackedCounterWrites += 1;
      } else failedInFlight += 1;
    }
  });
  const bookingWriters = Array.from({ length: BOOKING_WRITERS }, async () => {
    while (!killed) {
      const requestId = randomUUID();
      const index = ++sequence;
      const answer = await call(port, 'POST', '/v1/bookings', { headers: { 'x-forwarded-for': nextClient() }, body: booking(requestId, index), timeoutMs: 10_000 });
      if (answer.status === 201 || answer.status === 200) ackedBookings.push({ requestId, index });
      else failedInFlight += 1;
    }
  });
  await new Promise((resolve) => setTimeout(resolve, writeFor));
  await server.stop('SIGKILL');
  killed = true;
  await Promise.all([...userWriters, ...bookingWriters]);
  const writeMs = performance.now() - started;

  const restartStarted = performance.now();
  const next = await start(store);
  const restartMs = performance.now() - restartStarted;
  const nextPort = portOf(next);
  let lost = 0;
  for (const user of users) {
    const answer = await call(nextPort, 'GET', '/v1/user', { headers: { apikey, authorization: `Bearer ${user.session.access_token}`, 'x-forwarded-for': nextClient() } });
    const stored = Number(json<{ data?: { proof_counter?: number } }>(answer).data?.proof_counter ?? 0);
    if (answer.status !== 200 || stored < user.acked) lost += 1;
    // The next round counts from what survived (a write that was never acknowledged may or may not have).
    user.counter = Math.max(stored, user.acked);
  }
  const rechecks = await pool(ackedBookings, 8, ({ requestId, index }) => call(nextPort, 'POST', '/v1/bookings', { headers: { 'x-forwarded-for': nextClient() }, body: booking(requestId, index) }));
  lost += rechecks.filter((answer) => answer.status !== 200).length;
  // A counter write survives when the stored value is at least the last acknowledged one (later writes replace earlier ones by design).
  return { result: { round, acknowledged: ackedBookings.length + ackedCounterWrites, lost, failedInFlight, writeMs, restartMs }, server: next };
}

/** Validated users paying three hosted checkout pages each, all at once. Returns users with more than one live subscription. */
async function concurrentCheckout(server: RunningServer, apikey: string, store: Store): Promise<{ users: number; pages: number; doubles: number }> {
  const port = portOf(server);
  const pages: string[] = [];
  const ids: string[] = [];
  for (let index = 0; index < CHECKOUT_USERS; index += 1) {
    const session = await signUp(server.url, apikey, `checkout-${index}`);
    ids.push(session.user.id);
    const decided = await call(port, 'POST', '/admin/kyc/decisions', { headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, body: { user: session.user.id, status: 'VALIDATED' } });
    if (decided.status !== 200) throw new Error(`setup: KYC decision answered ${decided.status} ${decided.body}`);
    for (let page = 0; page < 3; page += 1) {
      const answer = await call(port, 'GET', '/v2/user/subscription/stripe/checkout-session?locale=en&interval=monthly&plan=starter&currency=EUR', {
        headers: { apikey, authorization: `Bearer ${session.access_token}`, 'x-forwarded-for': nextClient() },
      });
      if (answer.status !== 200) throw new Error(`setup: checkout session answered ${answer.status} ${answer.body}`);
      pages.push(new URL(json<{ url: string }>(answer).url).pathname);
    }
  }
  await pool(pages, pages.length, (path) => call(port, 'POST', path, { headers: { 'x-forwarded-for': nextClient() }, body: { name: 'Ada Lovelace', number: '4242424242424242', expiry: '12/34', cvc: '123' }, form: true }));
  await server.stop('SIGTERM');
  const handle = openDatabase(store.target);
  try {
    const rows = await handle.db
      .selectFrom('subscriptions')
      .select(['user_id', ({ fn }) => fn.countAll<number>().as('live')])
      .where('status', 'in', [...LIVE_STATUSES])
      .where('user_id', 'in', ids)
      .groupBy('user_id')
      .execute();
    return { users: ids.length, pages: pages.length, doubles: rows.filter((row) => Number(row.live) > 1).length };
  } finally {
    await handle.close();
  }
}

async function stores(): Promise<Store[]> {
  const list: Store[] = [];
  if (only !== 'postgres') {
    const dir = mkdtempSync(join(tmpdir(), 'ringwise-proof-'));
    list.push({ label: 'PGlite', env: { DATA_DIR: dir }, target: { kind: 'pglite', dataDir: dir }, cleanup: async () => rmSync(dir, { recursive: true, force: true }) });
  }
  if (only !== 'pglite') {
    const reason = await postgresUnavailable();
    if (reason) console.log(`Postgres: skipped (no server answered at ${new URL(postgresServerUrl).host}: ${reason})`);
    else {
      const scratch = await scratchPostgres(postgresServerUrl);
      list.push({ label: 'Postgres', env: { DATABASE_URL: scratch.url }, target: { kind: 'postgres', url: scratch.url }, cleanup: scratch.drop });
    }
  }
  return list;
}

async function main(): Promise<void> {
  console.log(`proof:durability${short ? ' (short)' : ''}: ${ROUNDS} SIGKILL rounds, ${USERS} counter writers and ${BOOKING_WRITERS} booking writers, then ${CHECKOUT_USERS} users × 3 checkout pages at once`);
  const built = spawnSync('npm', ['run', 'build:server', '--silent'], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error('npm run build:server failed');
  const failures: string[] = [];
  const summary: (string | number)[][] = [];
  for (const store of await stores()) {
    heading(`${store.label}: ${ROUNDS} rounds of writes and SIGKILL`);
    let server = await start(store);
    try {
      const apikey = await publishableKey(server.url);
      const users = [];
      for (let index = 0; index < USERS; index += 1) users.push({ session: await signUp(server.url, apikey, `durable-${index}`), counter: 0, acked: 0 });
      const results: RoundResult[] = [];
      for (let round = 1; round <= ROUNDS; round += 1) {
        const outcome = await killRound(store, server, round, users, apikey);
        server = outcome.server;
        results.push(outcome.result);
      }
      console.log(table(['round', 'acknowledged writes', 'lost', 'unacknowledged (in flight at the kill)', 'writing', 'restart'], results.map((r) => [r.round, r.acknowledged, r.lost, r.failedInFlight, seconds(r.writeMs), seconds(r.restartMs)])));
      const checkout = await concurrentCheckout(server, apikey, store);
      console.log(`concurrent checkout: ${checkout.users} users paid ${checkout.pages} pages at once; users with more than one live subscription: ${checkout.doubles}`);
      const acknowledged = results.reduce((sum, r) => sum + r.acknowledged, 0);
      const lost = results.reduce((sum, r) => sum + r.lost, 0);
      summary.push([store.label, ROUNDS, acknowledged, lost, checkout.users, checkout.doubles]);
      if (lost) failures.push(`${store.label}: ${lost} acknowledged writes lost (goal 0)`);
      if (checkout.doubles) failures.push(`${store.label}: ${checkout.doubles} users with more than one live subscription (goal 0)`);
    } finally {
      await server.stop('SIGKILL');
      await store.cleanup();
      closeConnections();
    }
  }
  heading('summary');
  console.log(table(['database', 'kill rounds', 'acknowledged writes', 'lost', 'checkout users', 'double live subscriptions'], summary));
  verdict('proof:durability', failures);
}

await main();
