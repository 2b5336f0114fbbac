import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { CountedHistogram, type HistogramCounts } from './counted-histogram';

/**
 * The request histogram's series, kept per route pattern, method and status code, so a request looks
 * nothing up by name: nested maps rather than a key string built per request. Bounded as the labels
 * are: one series per route, method and status code seen.
 */
export class RequestDurations {
  readonly #children = new Map<string, Map<string, Map<number, HistogramCounts>>>();

  constructor(private readonly histogram: CountedHistogram<'method' | 'route' | 'status_code'>) {}

  /** Records one answer of `route` (its pattern, 'unmatched' for none) that took `seconds`. */
  observe(method: string, route: string, statusCode: number, seconds: number): void {
    let byMethod = this.#children.get(route);
    if (!byMethod) this.#children.set(route, (byMethod = new Map()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map()));
    let child = byStatus.get(statusCode);
    if (!child) byStatus.set(statusCode, (child = this.histogram.child(method, route, String(statusCode))));
    child.observe(seconds);
  }
}

/**
 * Every metric the server exposes, made once per app (tests build many apps in one process, so
 * nothing lives in prom-client's global registry). Names follow Prometheus' conventions: a unit
 * suffix, `_total` on counters; labels are bounded sets (a route's pattern, never its raw URL; a
 * country's two letters; a budget's name), so one attacker cannot grow the series without end.
 * docs/operations.md lists them with the queries and alerts that read them.
 */
export function createMetrics(options: { withProcessDefaults: boolean; poolStats?: (() => { total: number; idle: number; waiting: number }) | undefined }) {
  const poolStats = options.poolStats;
  const registry = new Registry();
  if (options.withProcessDefaults) collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const registers = [registry];
  // The two histograms every request and statement feeds are counted by hand (CountedHistogram: a few
  // additions, no label object or hash per call) and read by prom-client only at a scrape.
  const httpDuration = new CountedHistogram(
    'http_request_duration_seconds',
    'Time from a request arriving to its answer being sent, by method, route pattern and status code.',
    ['method', 'route', 'status_code'] as const,
    [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  );
  const dbQueryDuration = new CountedHistogram(
    'db_query_duration_seconds',
    'Time each database statement took, by outcome.',
    ['outcome'] as const,
    [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
    registers,
  );
  return {
    registry,
    httpDuration,
    /** `httpDuration` through kept series: what the request hook calls (RequestDurations). */
    requestDurations: new RequestDurations(httpDuration),
    dbQueryDuration,
    /** `dbQueryDuration`'s two children, kept: a statement's timing looks nothing up. */
    statementDurations: { ok: dbQueryDuration.child('ok'), error: dbQueryDuration.child('error') } as const,
    dbPool: new Gauge({
      name: 'db_pool_connections',
      help: "Postgres pool connections by state (total, idle, waiting); absent on the embedded database.",
      labelNames: ['state'] as const,
      registers,
      ...(poolStats
        ? {
            collect(this: Gauge<'state'>) {
              const stats = poolStats();
              this.set({ state: 'total' }, stats.total);
              this.set({ state: 'idle' }, stats.idle);
              this.set({ state: 'waiting' }, stats.waiting);
            },
          }
        : {}),
    }),
    codesSent: new Counter({ name: 'auth_codes_sent_total', help: 'Codes sent, by channel and the recipient country (texts).', labelNames: ['channel', 'country'] as const, registers }),
    sendsRefused: new Counter({ name: 'auth_sends_refused_total', help: 'Code sends refused, by the rule that refused them (cooldown or a budget).', labelNames: ['rule'] as const, registers }),
    captchaRefused: new Counter({ name: 'auth_captcha_refused_total', help: 'Requests refused for a missing, forged, expired or reused captcha.', labelNames: ['reason'] as const, registers }),
    lookupsRefused: new Counter({ name: 'auth_lookups_refused_total', help: 'Answers refused because the asker spent its lookup budget.', registers }),
    signUps: new Counter({ name: 'signups_total', help: 'Accounts created.', registers }),
    trialsStarted: new Counter({ name: 'trials_started_total', help: 'Free trials started, by plan.', labelNames: ['plan'] as const, registers }),
    chargeAttempts: new Counter({ name: 'payments_charges_total', help: 'Charges attempted, by outcome (paid or failed).', labelNames: ['outcome'] as const, registers }),
    greetingSynthesis: new Histogram({
      name: 'greeting_synthesis_seconds',
      help: 'Time spent making a greeting, from admission to its last byte.',
      buckets: [0.1, 0.25, 0.5, 1, 2, 4, 8, 16],
      registers,
    }),
    greetingQueueWait: new Histogram({
      name: 'greeting_queue_wait_seconds',
      help: 'Time a greeting waited for a synthesis thread.',
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 4],
      registers,
    }),
    jobRuns: new Counter({ name: 'job_runs_total', help: 'Background job runs, by job and outcome (ok or failed).', labelNames: ['job', 'outcome'] as const, registers }),
    jobLastSuccess: new Gauge({ name: 'job_last_success_timestamp_seconds', help: 'When each job last finished without error (Unix time).', labelNames: ['job'] as const, registers }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
