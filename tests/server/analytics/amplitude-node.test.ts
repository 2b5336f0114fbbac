import { createInstance } from '@amplitude/analytics-node';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers/app';

/**
 * The real Amplitude SDK (@amplitude/analytics-node) posting to the ingest over HTTP on an ephemeral
 * port: the ingest must speak the wire format the SDKs parse, or they would retry, drop or misreport.
 */
describe('the Amplitude Node SDK against the ingest', () => {
  let app: FastifyInstance;
  let serverUrl: string;

  beforeAll(async () => {
    app = await buildTestApp();
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    serverUrl = `http://127.0.0.1:${address.port}/analytics/2/httpapi`;
  });
  afterAll(() => app.close());

  it('tracks events and gets a 200 "Event tracked successfully"; the events are stored', async () => {
    const client = createInstance();
    await client.init(app.publicSettings.analyticsApiKey!, { serverUrl, flushIntervalMillis: 50, logLevel: 0 }).promise;
    const first = client.track('trial started', { plan: 'business', interval: 'yearly', currency: 'EUR', lng: 'en', landing: 'form' }, { device_id: 'node-sdk-device-1', user_id: 'node-sdk-user-1' });
    const second = client.track('code verified', { channel: 'email' }, { device_id: 'node-sdk-device-1' });
    const [a, b] = await Promise.all([first.promise, second.promise]);
    expect(a.code).toBe(200);
    expect(a.message).toBe('Event tracked successfully');
    expect(b.code).toBe(200);
    const rows = await app.db.selectFrom('analytics_events').selectAll().where('device_id', '=', 'node-sdk-device-1').orderBy('event_type').execute();
    expect(rows.map((row) => row.event_type)).toEqual(['code verified', 'trial started']);
    expect(rows[1]).toMatchObject({ user_id: 'node-sdk-user-1', lng: 'en', landing: 'form' });
    // The SDK's own fields (library, insert_id for deduplication) arrive too.
    expect(rows[1]!.insert_id).toMatch(/.+/);
    expect(rows[1]!.payload).toMatchObject({ library: expect.stringMatching(/^amplitude-node/) });
  });

  it('gets Amplitude\'s "Invalid API key" rejection for an unknown key, and nothing is stored', async () => {
    const client = createInstance();
    await client.init('0123456789abcdef0123456789abcdef', { serverUrl, flushIntervalMillis: 50, flushMaxRetries: 1, logLevel: 0 }).promise;
    const result = await client.track('paywall viewed', {}, { device_id: 'node-sdk-device-2' }).promise;
    expect(result.code).toBe(400);
    expect(result.message).toContain('Invalid API key');
    const rows = await app.db.selectFrom('analytics_events').select('id').where('device_id', '=', 'node-sdk-device-2').execute();
    expect(rows).toHaveLength(0);
  });

  it('has the event with a too-short id dropped by the SDK, exactly as Amplitude would make it', async () => {
    const client = createInstance();
    await client.init(app.publicSettings.analyticsApiKey!, { serverUrl, flushIntervalMillis: 50, logLevel: 0 }).promise;
    const good = client.track('code sent', {}, { device_id: 'node-sdk-device-3' });
    const short = client.track('code sent', {}, { device_id: 'abc' });
    const [goodResult, shortResult] = await Promise.all([good.promise, short.promise]);
    expect(shortResult.code).toBe(400);
    // The SDK drops the listed event and resends the rest, which then succeeds.
    expect(goodResult.code).toBe(200);
    const rows = await app.db.selectFrom('analytics_events').select('device_id').where('event_type', '=', 'code sent').execute();
    expect(rows.map((row) => row.device_id)).toEqual(['node-sdk-device-3']);
  });
});
