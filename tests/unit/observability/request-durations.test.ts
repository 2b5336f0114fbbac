import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { createMetrics } from '../../../server/observability/metrics';

/** The request histogram fed through kept series gives what prom-client's labelled `observe({ … })` would. */
describe('RequestDurations', () => {
  const text = (registry: Registry) => registry.metrics();

  it('writes each method, route and status code to its own series, as labelled observations would', async () => {
    const kept = createMetrics({ withProcessDefaults: false });
    // prom-client's own Histogram, alone in a registry, with the same name, help and buckets.
    const plain = new Registry();
    const reference = new Histogram({
      name: 'http_request_duration_seconds',
      help: kept.httpDuration.help,
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [plain],
    });
    const answers: [string, string, number, number][] = [
      ['GET', '/v1/user', 200, 0.004],
      ['GET', '/v1/user', 200, 0.03],
      ['GET', '/v1/user', 401, 0.002],
      ['POST', '/v1/user', 200, 0.2],
      ['GET', '/v1/users/:id', 200, 3],
      ['GET', 'unmatched', 404, 0.001],
      ['GET', '/v1/user', 200, 12],
    ];
    for (const [method, route, status, seconds] of answers) {
      kept.requestDurations.observe(method, route, status, seconds);
      reference.observe({ method, route, status_code: status }, seconds);
    }
    const keptText = (await text(kept.registry)).split('\n\n').find((block) => block.includes('# TYPE http_request_duration_seconds '));
    expect(`${keptText}\n`).toBe(await text(plain));
    expect(keptText).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/v1\/user",status_code="200"\} 3/);
    expect(keptText).toMatch(/http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/v1\/user",status_code="200"\} 1/);
    expect(keptText).toMatch(/http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/v1\/user",status_code="200"\} 3/);
    expect(keptText).toMatch(/http_request_duration_seconds_sum\{method="GET",route="\/v1\/user",status_code="200"\} 12.034/);
    expect(keptText).toMatch(/http_request_duration_seconds_count\{method="POST",route="\/v1\/user",status_code="200"\} 1/);
    expect(keptText).toMatch(/http_request_duration_seconds_count\{method="GET",route="unmatched",status_code="404"\} 1/);
  });

  it('keeps counting into the same series after a reset of the registry', async () => {
    const metrics = createMetrics({ withProcessDefaults: false });
    metrics.requestDurations.observe('GET', '/healthz', 200, 0.001);
    metrics.registry.resetMetrics();
    metrics.requestDurations.observe('GET', '/healthz', 200, 0.001);
    expect(await text(metrics.registry)).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/healthz",status_code="200"\} 1/);
  });

  it('times statements by outcome through the kept children', async () => {
    const metrics = createMetrics({ withProcessDefaults: false });
    metrics.statementDurations.ok.observe(0.0004);
    metrics.statementDurations.ok.observe(0.002);
    metrics.statementDurations.error.observe(0.01);
    const exposed = await text(metrics.registry);
    expect(exposed).toMatch(/db_query_duration_seconds_count\{outcome="ok"\} 2/);
    expect(exposed).toMatch(/db_query_duration_seconds_count\{outcome="error"\} 1/);
  });
});
