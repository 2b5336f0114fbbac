import autocannon from 'autocannon';
import { processCpuSeconds } from '../../tests/helpers/process-cpu';
import { fakeClientAddress, publishableKey, signUp, type Session } from './sessions';

/**
 * API throughput with autocannon, each figure also as a ratio to a bare Fastify route measured in the
 * same run (the machine is shared, so only ratios compare between runs).
 */

export interface LoadResult {
  name: string;
  connections: number;
  requests: number;
  rps: number;
  p99: number;
  timeouts: number;
  errors: number;
  non2xx: number;
  /** CPU time (user + system, all threads) the serving process spent per answered request, in µs. */
  cpuPerRequest: number;
}

/** CPU seconds (user + system) a process has used so far; a process that is gone fails the run. */
export function cpuSeconds(pid: number): number {
  const seconds = processCpuSeconds(pid);
  if (seconds === null) throw new Error(`no process ${pid} to measure (/proc/${pid}/stat)`);
  return seconds;
}

export interface Endpoint {
  name: string;
  /** Builds the autocannon options for one run against `baseURL`. */
  options(baseURL: string, connections: number): Promise<autocannon.Options>;
}

/** One load on `options.url`; `pid` is the serving process, whose CPU time is measured around it. */
export async function load(name: string, options: autocannon.Options, durationSeconds: number, pid?: number): Promise<LoadResult> {
  const cpuBefore = pid ? cpuSeconds(pid) : 0;
  const result = await autocannon({ timeout: 10, ...options, duration: durationSeconds });
  const cpu = pid ? cpuSeconds(pid) - cpuBefore : 0;
  return {
    name,
    connections: options.connections ?? 10,
    requests: result.requests.total,
    rps: result.requests.total / (result.duration || durationSeconds),
    p99: result.latency.p99,
    timeouts: result.timeouts,
    errors: result.errors,
    non2xx: result.non2xx,
    cpuPerRequest: (1e6 * cpu) / Math.max(1, result.requests.total),
  };
}

function combine(name: string, parts: LoadResult[], seconds: number): LoadResult {
  const requests = parts.reduce((sum, part) => sum + part.requests, 0);
  return {
    name,
    connections: parts[0]?.connections ?? 0,
    requests,
    rps: requests / seconds,
    // The worst slice's p99: slices are too short to merge histograms honestly, and this errs high.
    p99: Math.max(...parts.map((part) => part.p99)),
    timeouts: parts.reduce((sum, part) => sum + part.timeouts, 0),
    errors: parts.reduce((sum, part) => sum + part.errors, 0),
    non2xx: parts.reduce((sum, part) => sum + part.non2xx, 0),
    cpuPerRequest: parts.reduce((sum, part) => sum + part.cpuPerRequest * part.requests, 0) / Math.max(1, requests),
  };
}

/**
 * An endpoint and the bare route measured in alternating one-second slices (which goes first
 * alternates too), `durationSeconds` each in all: on a machine shared with other work the load
 * drifts within seconds, and a bare figure taken once before a sweep of endpoints made ratios swing
 * by ±50 % between identical runs.
 */
export async function paired(
  name: string,
  endpoint: autocannon.Options & { pid?: number },
  bare: autocannon.Options & { pid?: number },
  durationSeconds: number,
): Promise<{ result: LoadResult; baseline: LoadResult }> {
  const { pid: endpointPid, ...endpointOptions } = endpoint;
  const { pid: barePid, ...bareOptions } = bare;
  const slices = Math.max(1, Math.round(durationSeconds));
  const slice = durationSeconds / slices;
  const mine: LoadResult[] = [];
  const theirs: LoadResult[] = [];
  for (let index = 0; index < slices; index += 1) {
    if (index % 2 === 0) {
      theirs.push(await load('bare', bareOptions, slice, barePid));
      mine.push(await load(name, endpointOptions, slice, endpointPid));
    } else {
      mine.push(await load(name, endpointOptions, slice, endpointPid));
      theirs.push(await load('bare', bareOptions, slice, barePid));
    }
  }
  return { result: combine(name, mine, durationSeconds), baseline: combine('bare Fastify route', theirs, durationSeconds) };
}

let sequence = 0;
const nextAddress = () => fakeClientAddress(++sequence);

/** The product's endpoints under test; `bare` is measured on its own server. */
export async function productEndpoints(baseURL: string): Promise<Endpoint[]> {
  const apikey = await publishableKey(baseURL);
  const reader = await signUp(baseURL, apikey, 'reader');
  const sent: string[] = [];

  return [
    // The product's cheapest route: what every request pays in the product's own hooks (request id,
    // security headers, input guards, logging) over the bare route, before any route's work.
    { name: 'GET /healthz', options: async (url, connections) => ({ url: `${url}/healthz`, connections }) },
    { name: 'GET /config.json', options: async (url, connections) => ({ url: `${url}/config.json`, connections }) },
    {
      name: 'GET /v1/user (signed in)',
      options: async (url, connections) => ({ url: `${url}/v1/user`, connections, headers: { authorization: `Bearer ${reader.access_token}` } }),
    },
    {
      name: 'POST /auth/v1/otp (code send)',
      options: async (url, connections) => ({
        url: `${url}/auth/v1/otp`,
        connections,
        requests: [
          {
            method: 'POST',
            setupRequest: (request) => {
              // A new address and a new visitor each time: the real work, not the 429 path.
              const email = `send-${process.pid}-${++sequence}@acme-widgets.com`;
              sent.push(email);
              return {
                ...request,
                headers: { 'content-type': 'application/json', apikey, 'x-forwarded-for': fakeClientAddress(sequence) },
                body: JSON.stringify({ email, create_user: true }),
              };
            },
          },
        ],
      }),
    },
    {
      name: 'POST /auth/v1/verify (wrong code)',
      options: async (url, connections) => {
        let index = 0;
        return {
          url: `${url}/auth/v1/verify`,
          connections,
          requests: [
            {
              method: 'POST',
              setupRequest: (request) => {
                // Each pending code is tried at most a few times, so the per-recipient lock never kicks in.
                const email = sent[index++ % Math.max(1, sent.length)] ?? 'nobody@acme-widgets.com';
                return {
                  ...request,
                  headers: { 'content-type': 'application/json', apikey, 'x-forwarded-for': nextAddress() },
                  body: JSON.stringify({ type: 'email', email, token: '000000' }),
                };
              },
            },
          ],
        };
      },
    },
    {
      name: 'POST /auth/v1/token (refresh)',
      options: async (url, connections) => {
        // Refresh tokens rotate: each is used once and its successor goes back into the pool. The end
        // of each load slice drops the answers in flight (up to one per connection), and their
        // successors with them: enough tokens for every slice of a paired measurement.
        const pool: string[] = [];
        for (let index = 0; index < connections * 7 + 10; index += 1) pool.push((await signUp(baseURL, apikey, 'refresh')).refresh_token);
        return {
          url: `${url}/auth/v1/token?grant_type=refresh_token`,
          connections,
          requests: [
            {
              method: 'POST',
              setupRequest: (request) => ({
                ...request,
                headers: { 'content-type': 'application/json', apikey, 'x-forwarded-for': nextAddress() },
                body: JSON.stringify({ refresh_token: pool.shift() ?? 'drained' }),
              }),
              onResponse: (status, body) => {
                if (status !== 200) return;
                const next = (JSON.parse(body) as Session).refresh_token;
                if (next) pool.push(next);
              },
            },
          ],
        };
      },
    },
  ];
}
