import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { measures, prepareTarget, type Target } from '../../../scripts/data/scale-routes';
import { formatScaleTable, percentile, scaleRows } from '../../../scripts/data/scale-stats';
import { seedYearOfData, tableRows } from '../../../scripts/data/seed';
import { buildTestApp } from '../../helpers/app';

/**
 * The pieces of `npm run bench:scale` on a few hundred rows: the seed fills every table it names,
 * each measured route answers on a listening app (a failing request stops the bench, so a route
 * that broke would show here first), and the table says met or missed. The bench itself is not a test.
 */
describe('bench:scale pieces', () => {
  let app: FastifyInstance;
  let target: Target;

  beforeAll(async () => {
    app = await buildTestApp({ env: { TRUSTED_PROXIES: '127.0.0.1', GREETINGS_RATE_LIMIT: '1000' } });
    await seedYearOfData(app.db, { people: 300, now: new Date(), eventsPerPerson: 2, tokensPerSession: 2 });
    target = await prepareTarget('smoke', app);
  }, 60_000);
  afterAll(() => app?.close());

  it('seeds a year of every kind of row', async () => {
    const rows = await tableRows(app.db);
    for (const table of ['auth_users', 'auth_refresh_tokens', 'auth_otps', 'auth_outbox', 'subscriptions', 'checkout_sessions', 'analytics_events']) {
      expect(rows[table], table).toBeGreaterThan(0);
    }
  });

  it('measures every route and job once each over HTTP', async () => {
    const recorded = new Map<string, number[]>();
    for (const measure of measures) await measure.sample(target, (name, ms) => recorded.set(name, [...(recorded.get(name) ?? []), ms]));
    // The code verify hands its session's refresh token to the refresh sample.
    expect([...recorded.keys()]).toEqual(expect.arrayContaining(['GET /v1/user', 'POST /auth/v1/verify (email code)', 'POST /auth/v1/token (refresh)', 'retention job (one run)']));
    expect(recorded.size).toBe(measures.length + 1); // the email code records its send and its verify
    for (const [name, samples] of recorded) expect(samples[0], name).toBeGreaterThan(0);
  });

  it('marks a route missed when either percentile passes 1.3x', () => {
    expect(percentile([5, 1, 4, 2, 3], 50)).toBe(3);
    expect(percentile([5, 1, 4, 2, 3], 99)).toBe(5);
    const empty = new Map([['flat', [10, 10, 10]], ['tail', [10, 10, 10]]]);
    const full = new Map([['flat', [12, 12, 12]], ['tail', [10, 10, 20]]]);
    const rows = scaleRows(empty, full);
    expect(rows.map((row) => [row.name, row.met])).toEqual([['flat', true], ['tail', false]]);
    expect(formatScaleTable(rows)).toMatch(/tail .* MISSED$/m);
  });
});
