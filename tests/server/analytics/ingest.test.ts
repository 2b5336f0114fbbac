import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicConfigSchema } from '../../../core/contracts/public-config';
import { buildTestApp, manualClock } from '../../helpers/app';

const clock = manualClock(new Date('2026-03-02T12:00:00Z'));

function event(overrides: Record<string, unknown> = {}) {
  return {
    event_type: 'code verified',
    device_id: 'device-0001',
    time: Date.parse('2026-03-02T11:59:00Z'),
    insert_id: `insert-${Math.random().toString(36).slice(2)}`,
    event_properties: { channel: 'sms', lng: 'fr', landing: 'demo', utm_source: 'newsletter' },
    platform: 'Web',
    ...overrides,
  };
}

describe('analytics ingest (Amplitude HTTP V2)', () => {
  let app: FastifyInstance;
  let apiKey: string;

  const post = (body: unknown, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/analytics/2/httpapi',
      headers: { 'content-type': 'application/json', ...headers },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });

  beforeAll(async () => {
    app = await buildTestApp({ clock, env: { ANALYTICS_RATE_LIMIT_PER_MINUTE: '1000' } });
    apiKey = app.publicSettings.analyticsApiKey!;
  });
  afterAll(() => app.close());

  it('generates a public ingest key on first start and publishes it in /config.json', async () => {
    expect(apiKey).toMatch(/^[0-9a-f]{32}$/);
    const config = publicConfigSchema.parse((await app.inject({ method: 'GET', url: '/config.json', headers: { host: 'x.test' } })).json());
    // The origin is the configured listen address (HOST:PORT) outside production, never the Host header.
    expect(config.analytics).toEqual({ apiKey, serverUrl: 'http://127.0.0.1:3000/analytics/2/httpapi' });
    const rows = await app.db.selectFrom('analytics_api_keys').selectAll().execute();
    expect(rows).toHaveLength(1);
  });

  it('accepts a valid batch, answers like Amplitude and stores every event with its indexed columns', async () => {
    const events = [event({ user_id: 'user-12345' }), event({ event_type: '[Amplitude] Page Viewed', event_properties: { page_path: '/fr/demo', lng: 'fr', landing: 'demo' } })];
    const payload = JSON.stringify({ api_key: apiKey, events });
    const response = await post(payload);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      code: 200,
      events_ingested: 2,
      payload_size_bytes: Buffer.byteLength(payload),
      server_upload_time: clock.now().getTime(),
    });
    const stored = await app.db.selectFrom('analytics_events').selectAll().orderBy('id').execute();
    expect(stored).toHaveLength(2);
    expect(stored[0]).toMatchObject({
      event_type: 'code verified',
      user_id: 'user-12345',
      device_id: 'device-0001',
      lng: 'fr',
      landing: 'demo',
      utm_source: 'newsletter',
      api_key: apiKey,
    });
    expect(new Date(stored[0]!.time).toISOString()).toBe('2026-03-02T11:59:00.000Z');
    expect(stored[0]!.event_properties).toMatchObject({ channel: 'sms' });
    expect(stored[0]!.payload).toMatchObject({ platform: 'Web' });
    expect(stored[1]).toMatchObject({ event_type: '[Amplitude] Page Viewed', utm_source: null });
  });

  it('accepts text/plain bodies (what sendBeacon posts)', async () => {
    const response = await post({ api_key: apiKey, events: [event()] }, { 'content-type': 'text/plain;charset=UTF-8' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: 200, events_ingested: 1 });
  });

  it('stores a retried event (same insert_id) once', async () => {
    const retried = event({ insert_id: 'retry-me-once' });
    expect((await post({ api_key: apiKey, events: [retried] })).statusCode).toBe(200);
    expect((await post({ api_key: apiKey, events: [retried, retried] })).statusCode).toBe(200);
    const rows = await app.db.selectFrom('analytics_events').select('id').where('insert_id', '=', 'retry-me-once').execute();
    expect(rows).toHaveLength(1);
  });

  it('names a missing top-level field', async () => {
    const noKey = await post({ events: [event()] });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json()).toEqual({ code: 400, error: 'Request missing required field', missing_field: 'api_key' });
    const noEvents = await post({ api_key: apiKey });
    expect(noEvents.json()).toEqual({ code: 400, error: 'Request missing required field', missing_field: 'events' });
  });

  it('rejects the whole batch naming the indices of invalid, incomplete and short-id events', async () => {
    const before = await app.db.selectFrom('analytics_events').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    const response = await post({
      api_key: apiKey,
      events: [event(), event({ time: 'yesterday' }), event({ event_type: undefined }), event({ device_id: undefined }), event({ device_id: 'abc' }), 'nope'],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 400,
      error: 'Invalid field values on some events',
      events_with_invalid_fields: { time: [1], event: [5] },
      events_with_missing_fields: { event_type: [2], device_id: [3], user_id: [3] },
      events_with_invalid_id_lengths: { device_id: [4] },
      silenced_events: [],
    });
    const after = await app.db.selectFrom('analytics_events').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('honours options.min_id_length', async () => {
    const response = await post({ api_key: apiKey, events: [event({ device_id: 'abc' })], options: { min_id_length: 3 } });
    expect(response.statusCode).toBe(200);
  });

  it('rejects an unknown api key without storing anything', async () => {
    const response = await post({ api_key: 'f'.repeat(32), events: [event({ insert_id: 'unknown-key-event' })] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 400, error: `Invalid API key: ${'f'.repeat(32)}` });
    expect(await app.db.selectFrom('analytics_events').select('id').where('insert_id', '=', 'unknown-key-event').execute()).toHaveLength(0);
  });

  it('answers 413 for more than 2000 events, a body over 1 MB, and 400 for broken JSON', async () => {
    const many = await post({ api_key: apiKey, events: Array.from({ length: 2001 }, () => event()) });
    expect(many.statusCode).toBe(413);
    expect(many.json()).toEqual({ code: 413, error: 'Payload too large' });
    const huge = await post({ api_key: apiKey, events: [event({ event_properties: { blob: 'x'.repeat(1024 * 1024) } })] });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ code: 413, error: 'Payload too large' });
    const broken = await post('{"api_key": "abc", "events": [');
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ code: 400, error: 'Invalid JSON request body' });
  });

  it('rejects a single oversized event', async () => {
    const response = await post({ api_key: apiKey, events: [event(), event({ event_properties: { blob: 'x'.repeat(40 * 1024) } })] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ events_with_invalid_fields: { event_size: [1] } });
  });

  it('answers 200 only after the insert committed: a failed insert is a 500, not a 200', async () => {
    await sql`alter table analytics_events add constraint reject_marker check (event_type <> 'fail me')`.execute(app.db);
    try {
      const response = await post({ api_key: apiKey, events: [event({ event_type: 'fail me', insert_id: 'should-not-exist' }), event({ insert_id: 'neither-this' })] });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ code: 500, error: 'Internal server error' });
      const rows = await app.db.selectFrom('analytics_events').select('id').where('insert_id', 'in', ['should-not-exist', 'neither-this']).execute();
      expect(rows).toHaveLength(0);
    } finally {
      await sql`alter table analytics_events drop constraint reject_marker`.execute(app.db);
    }
  });
});

describe('analytics ingest rate limit', () => {
  let app: FastifyInstance;
  afterAll(() => app.close());

  it('limits requests per api key and answers 429 the way the SDKs expect', async () => {
    app = await buildTestApp({ env: { ANALYTICS_RATE_LIMIT_PER_MINUTE: '3' } });
    const apiKey = app.publicSettings.analyticsApiKey!;
    const body = (index: number) => ({ api_key: apiKey, events: [event({ device_id: `device-${index}-x` }), event({ device_id: `device-${index}-y` })] });
    const statuses: number[] = [];
    let limited: Record<string, unknown> | undefined;
    for (let index = 0; index < 5; index += 1) {
      // Different client addresses: the limit follows the key, not the address.
      const response = await app.inject({ method: 'POST', url: '/analytics/2/httpapi', remoteAddress: `10.0.0.${index + 1}`, payload: body(index) });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) limited = response.json();
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(limited).toEqual({
      code: 429,
      error: 'Too many requests for some devices and users',
      eps_threshold: 3,
      throttled_devices: {},
      throttled_users: {},
      throttled_events: [0, 1],
      exceeded_daily_quota_devices: {},
      exceeded_daily_quota_users: {},
    });
    const stored = await app.db.selectFrom('analytics_events').select('id').execute();
    expect(stored).toHaveLength(6);
  });
});
