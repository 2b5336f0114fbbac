import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oncePerUserEvents } from '../../../core/contracts/analytics';
import { buildTestApp, manualClock } from '../../helpers/app';

const clock = manualClock(new Date('2026-03-02T12:00:00Z'));

/** The next-steps milestones as the SPA sends them: a fresh insert_id each time, as the SDK does. */
const milestones = (userId: string, deviceId: string) =>
  oncePerUserEvents.map((eventType) => ({
    event_type: eventType,
    user_id: userId,
    device_id: deviceId,
    time: clock.now().getTime() - 1000,
    insert_id: crypto.randomUUID(),
    event_properties: { lng: 'fr' },
  }));

describe('analytics ingest: once-per-user milestones', () => {
  let app: FastifyInstance;
  let apiKey: string;
  beforeAll(async () => {
    app = await buildTestApp({ clock, env: { ANALYTICS_RATE_LIMIT_PER_MINUTE: '10000' } });
    apiKey = app.publicSettings.analyticsApiKey!;
  });
  afterAll(() => app.close());

  const post = (events: unknown[]) =>
    app.inject({ method: 'POST', url: '/analytics/2/httpapi', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ api_key: apiKey, events }) });

  const countsFor = async (userId: string) => {
    const rows = await app.db
      .selectFrom('analytics_events')
      .select(['event_type', (eb) => eb.fn.countAll<string>().as('n')])
      .where('user_id', '=', userId)
      .groupBy('event_type')
      .execute();
    return Object.fromEntries(rows.map((row) => [row.event_type, Number(row.n)]));
  };

  it('10 runs, each posting the next-steps events from 10 tabs at once (and twice in one batch): each stored once per user', async () => {
    for (let run = 0; run < 10; run += 1) {
      const userId = `user-run-${run}`;
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, tab) => post([...milestones(userId, `device-${run}-${tab % 3}`), ...milestones(userId, `device-${run}-${tab % 3}`)])),
      );
      // Every upload is acknowledged (the SDK must not retry forever), yet nothing is stored twice.
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
      expect(await countsFor(userId)).toEqual(Object.fromEntries(oncePerUserEvents.map((name) => [name, 1])));
    }
  });

  it('other events repeat freely, and a milestone without a user id is kept (it cannot be keyed to a person)', async () => {
    const userId = 'user-repeat';
    const first = await post([{ event_type: 'paywall viewed', user_id: userId, device_id: 'device-1', insert_id: crypto.randomUUID() }]);
    expect(first.json()).toMatchObject({ code: 200 });
    await post([{ event_type: 'paywall viewed', user_id: userId, device_id: 'device-1', insert_id: crypto.randomUUID() }]);
    await post([{ event_type: 'trial started', device_id: 'anonymous-device', insert_id: crypto.randomUUID() }]);
    await post([{ event_type: 'trial started', device_id: 'anonymous-device', insert_id: crypto.randomUUID() }]);
    expect(await countsFor(userId)).toEqual({ 'paywall viewed': 2 });
    const anonymous = await app.db.selectFrom('analytics_events').select('id').where('device_id', '=', 'anonymous-device').execute();
    expect(anonymous).toHaveLength(2);
  });
});
