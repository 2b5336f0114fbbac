import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers/app';
import { createValidatedUser, payForm, startCheckout } from '../payments/helpers';

/** The Prometheus listener: its own port, route patterns as labels, the process and database figures. */
describe('metrics on their own listener', () => {
  let app: FastifyInstance;
  let metricsUrl: string;

  beforeAll(async () => {
    app = await buildTestApp({ env: { METRICS_PORT: '0' } });
    const address = app.metricsAddress();
    if (!address) throw new Error('the metrics listener did not start');
    metricsUrl = `http://127.0.0.1:${address.port}/metrics`;
  });
  afterAll(() => app.close());

  const scrape = async () => {
    const response = await fetch(metricsUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    return response.text();
  };

  it('labels requests by route pattern and status, never by the raw URL', async () => {
    await app.inject({ method: 'GET', url: '/healthz' });
    await app.inject({ method: 'GET', url: '/greetings/voices/george/avatar.svg' });
    await app.inject({ method: 'GET', url: '/no-such-route/attacker-chosen-4b1f9e' });
    const text = await scrape();
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/healthz",status_code="200"\} 1/);
    expect(text).toContain('route="/greetings/voices/:voice/avatar.svg"');
    expect(text).not.toContain('attacker-chosen-4b1f9e');
    expect(text).not.toContain('george');
  });

  it('times database statements and collects the process defaults', async () => {
    await app.inject({ method: 'GET', url: '/readyz' });
    const text = await scrape();
    const statements = Number(/db_query_duration_seconds_count\{outcome="ok"\} (\d+)/.exec(text)?.[1] ?? 0);
    expect(statements).toBeGreaterThan(0);
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).toContain('nodejs_heap_size_used_bytes');
  });

  it('carries the product counters and answers only GET /metrics', async () => {
    app.metrics.jobRuns.inc({ job: 'billing', outcome: 'failed' });
    expect(await scrape()).toMatch(/job_runs_total\{job="billing",outcome="failed"\} 1/);
    expect((await fetch(metricsUrl.replace('/metrics', '/'))).status).toBe(404);
  });

  it('counts codes sent by channel and the number\'s country, never the number', async () => {
    const sent = await app.inject({ method: 'POST', url: '/auth/v1/otp', payload: { phone: '+33612345678' }, headers: { 'content-type': 'application/json' } });
    expect(sent.statusCode).toBe(200);
    const text = await scrape();
    expect(text).toMatch(/auth_codes_sent_total\{channel="sms",country="FR"\} 1/);
    expect(text).not.toContain('612345678');
  });

  it('times a greeting\'s wait for room and its synthesis', async () => {
    const made = await app.inject({ method: 'GET', url: `/greetings?${new URLSearchParams({ text: 'Thanks for calling the bakery.', voice: 'bill' })}` });
    expect(made.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: made.json<{ url: string }>().url })).statusCode).toBe(200);
    // The synthesis ends (and is timed) just after its last byte has gone out.
    let text = await scrape();
    for (let tries = 0; tries < 50 && !/greeting_synthesis_seconds_count [1-9]/.test(text); tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      text = await scrape();
    }
    expect(Number(/greeting_synthesis_seconds_count (\d+)/.exec(text)?.[1])).toBeGreaterThanOrEqual(1);
    expect(Number(/greeting_queue_wait_seconds_count (\d+)/.exec(text)?.[1])).toBeGreaterThanOrEqual(1);
  });

  it('counts a trial started at checkout by its plan', async () => {
    const user = await createValidatedUser(app);
    const paid = await app.inject({ method: 'POST', url: await startCheckout(app, user, 'interval=monthly&plan=starter&currency=EUR'), ...payForm('4242424242424242') });
    expect(paid.statusCode).toBe(303);
    expect(await scrape()).toMatch(/trials_started_total\{plan="starter"\} 1/);
  });

  it('is not served on the public port', async () => {
    const response = await app.inject({ method: 'GET', url: '/metrics' });
    expect(response.body).not.toContain('http_request_duration_seconds');
  });
});

describe('metrics off', () => {
  it('opens no listener and times nothing when METRICS_PORT is unset', async () => {
    const app = await buildTestApp();
    try {
      expect(app.metricsAddress()).toBeNull();
      expect(app.database.writes.timeStatement).toBeNull();
      await app.inject({ method: 'GET', url: '/healthz' });
      expect(await app.metrics.registry.metrics()).not.toContain('route="/healthz"');
    } finally {
      await app.close();
    }
  });
});
