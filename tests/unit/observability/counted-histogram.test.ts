import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { CountedHistogram } from '../../../server/observability/counted-histogram';

/**
 * The hand-counted histogram exposes exactly what prom-client's own Histogram would for the same
 * observations: the same text at a scrape and the same JSON, series by series, value by value.
 */
describe('CountedHistogram', () => {
  const buckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
  const labelNames = ['method', 'route', 'status_code'] as const;
  const both = () => {
    const counted = new Registry();
    const reference = new Registry();
    const name = 'http_request_duration_seconds';
    const help = 'Time from a request arriving to its answer being sent.';
    return {
      counted,
      reference,
      mine: new CountedHistogram(name, help, labelNames, buckets, [counted]),
      theirs: new Histogram({ name, help, labelNames, buckets, registers: [reference] }),
    };
  };

  it('gives the series and values prom-client gives, bounds, zero and beyond the last bucket included', async () => {
    const { counted, reference, mine, theirs } = both();
    // Exact bounds (le is inclusive), zero, between bounds, past the last bound (only +Inf has it), fractions whose sum rounds.
    const observations: [string, string, string, number][] = [
      ['GET', '/v1/user', '200', 0.005],
      ['GET', '/v1/user', '200', 0],
      ['GET', '/v1/user', '200', 0.1 + 0.2],
      ['GET', '/v1/user', '200', 0.0051],
      ['GET', '/v1/user', '200', 10],
      ['GET', '/v1/user', '200', 10.5],
      ['GET', '/v1/user', '401', 0.002],
      ['POST', '/v1/user', '200', 2.5],
      ['GET', 'unmatched', '404', 123],
    ];
    // Three rounds, each value scaled: 0.005 (inclusive), 0 and 0.0051 x1 ... land in different buckets each round.
    for (let round = 0; round < 3; round += 1) {
      for (const [method, route, status, seconds] of observations) {
        mine.child(method, route, status).observe(seconds * (round + 1));
        theirs.labels(method, route, status).observe(seconds * (round + 1));
      }
    }
    const text = await counted.metrics();
    expect(text).toBe(await reference.metrics());
    // prom-client writes `exemplar: null` on each bucket (exemplars are off here, as in the server); nothing else is dropped.
    const withoutExemplars = (metrics: Awaited<ReturnType<Registry['getMetricsAsJSON']>>) =>
      metrics.map((metric) => ({ ...metric, values: metric.values.map((value) => { const { exemplar: _exemplar, ...rest } = value as typeof value & { exemplar?: unknown }; return rest; }) }));
    expect(withoutExemplars(await counted.getMetricsAsJSON())).toEqual(withoutExemplars(await reference.getMetricsAsJSON()));
    expect(text).toContain('http_request_duration_seconds_bucket{le="0.005",method="GET",route="/v1/user",status_code="200"} 4');
    expect(text).toContain('http_request_duration_seconds_bucket{le="10",method="GET",route="/v1/user",status_code="200"} 13');
    expect(text).toContain('http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/v1/user",status_code="200"} 18');
    expect(text).toContain('http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"} 3');
  });

  it('shows no series before its first observation and none after a reset, as prom-client, and counts again after', async () => {
    const { counted, reference, mine, theirs } = both();
    const kept = mine.child('GET', '/healthz', '200');
    const keptTheirs = theirs.labels('GET', '/healthz', '200');
    expect(await counted.metrics()).toBe(await reference.metrics());
    expect(await counted.metrics()).not.toContain('_count');
    kept.observe(0.001);
    keptTheirs.observe(0.001);
    counted.resetMetrics();
    reference.resetMetrics();
    expect(await counted.metrics()).toBe(await reference.metrics());
    kept.observe(0.02);
    keptTheirs.observe(0.02);
    expect(await counted.metrics()).toBe(await reference.metrics());
    expect(await counted.metrics()).toContain('http_request_duration_seconds_count{method="GET",route="/healthz",status_code="200"} 1');
  });

  it('is one series per label set, however often its child is asked for', async () => {
    const { counted, mine } = both();
    mine.child('GET', '/a', '200').observe(0.01);
    mine.child('GET', '/a', '200').observe(0.01);
    expect(mine.child('GET', '/a', '200')).toBe(mine.child('GET', '/a', '200'));
    expect(await counted.metrics()).toContain('http_request_duration_seconds_count{method="GET",route="/a",status_code="200"} 2');
  });
});
