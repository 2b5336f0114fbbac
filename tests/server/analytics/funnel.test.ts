import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FunnelReport } from '../../../core/contracts/analytics';
import { buildTestApp, manualClock } from '../../helpers/app';
import { visitor } from './journey';

const clock = manualClock(new Date('2026-04-10T12:00:00Z'));
const ADMIN_TOKEN = 'funnel-admin-token-0123456789';

describe('funnel report', () => {
  let app: FastifyInstance;

  const ingest = async (events: unknown[]) => {
    const response = await app.inject({ method: 'POST', url: '/analytics/2/httpapi', payload: { api_key: app.publicSettings.analyticsApiKey, events } });
    expect(response.statusCode).toBe(200);
  };
  const report = async (query: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url: `/admin/funnel.json?${query}`, headers: { authorization: `Bearer ${ADMIN_TOKEN}`, ...headers } });

  beforeAll(async () => {
    app = await buildTestApp({ clock, env: { NODE_ENV: 'production', ADMIN_TOKEN } });
    await ingest([
      // 4 visitors from the start page (en, google), going 9, 7, 2 and 1 steps deep.
      ...visitor('device-start-1', 9, { lng: 'en', landing: 'start', utm_source: 'google' }),
      ...visitor('device-start-2', 7, { lng: 'en', landing: 'start', utm_source: 'google' }),
      ...visitor('device-start-3', 2, { lng: 'en', landing: 'start', utm_source: 'google' }),
      ...visitor('device-start-4', 1, { lng: 'en', landing: 'start' }),
      // 2 visitors from /demo in French, 6 and 1 steps deep.
      ...visitor('device-demo-1', 6, { lng: 'fr', landing: 'demo', utm_source: 'newsletter' }),
      ...visitor('device-demo-2', 1, { lng: 'fr', landing: 'demo', utm_source: 'newsletter' }),
      // Out of order: verified a code before any page view in the range → counts as a visitor only.
      { event_type: 'code verified', device_id: 'device-odd-1', time: Date.parse('2026-04-06T08:00:00Z'), event_properties: {} },
      { event_type: '[Amplitude] Page Viewed', device_id: 'device-odd-1', time: Date.parse('2026-04-06T08:05:00Z'), event_properties: { landing: 'form', lng: 'en' } },
      // Outside the default range's later part: a visitor in March.
      ...visitor('device-march', 9, { lng: 'en', landing: 'form' }, Date.parse('2026-03-01T09:00:00Z')),
      // Noise that is not a funnel event.
      { event_type: 'greeting generated', device_id: 'device-voice-1', time: Date.parse('2026-04-05T10:00:00Z'), event_properties: { voice: 'aria' } },
    ]);
  });
  afterAll(() => app.close());

  it('counts people per step in order with conversion and drop-off', async () => {
    const response = await report('from=2026-04-01&to=2026-04-10');
    expect(response.statusCode).toBe(200);
    const body = response.json<FunnelReport>();
    expect(body.total.steps.map((step) => step.count)).toEqual([7, 4, 3, 3, 3, 3, 2, 1, 1]);
    expect(body.total.steps[1]).toMatchObject({ key: 'code_verified', conversion: 4 / 7, stepConversion: 4 / 7, dropOff: 3 });
    expect(body.total.steps[6]).toMatchObject({ key: 'paywall', count: 2, conversion: 2 / 7, stepConversion: 2 / 3, dropOff: 1 });
    expect(body.total.steps[8]).toMatchObject({ key: 'finished', count: 1, dropOff: 0, stepConversion: 1 });
    expect(body.segments).toEqual([]);
  });

  it('counts a step skipped because it was already satisfied as passed (phone proven by the sign-up code)', async () => {
    const start = Date.parse('2026-02-10T09:00:00Z');
    const phoneSignup = visitor('device-phone-signup', 9, { lng: 'fr', landing: 'start' }, start).map((event) =>
      event.event_properties.step === 'verify-phone' ? { ...event, event_type: 'onboarding step skipped', event_properties: { ...event.event_properties, reason: 'already-satisfied' } } : event,
    );
    await ingest(phoneSignup);
    const body = (await report('from=2026-02-10&to=2026-02-10')).json<FunnelReport>();
    expect(body.total.steps.map((step) => step.count)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1]);
  });

  it('honours the date range (inclusive days, UTC)', async () => {
    const march = (await report('from=2026-03-01&to=2026-03-01')).json<FunnelReport>();
    expect(march.total.steps.map((step) => step.count)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1]);
    const justApril6 = (await report('from=2026-04-06&to=2026-04-06')).json<FunnelReport>();
    expect(justApril6.total.steps[0]!.count).toBe(1);
    // Default: the last 30 days up to the clock's today, which leaves March 1st out.
    const byDefault = (await report('')).json<FunnelReport>();
    expect(byDefault).toMatchObject({ from: '2026-03-12', to: '2026-04-10' });
    expect(byDefault.total.steps[0]!.count).toBe(7);
  });

  it('splits by landing page, utm_source and language', async () => {
    const landing = (await report('from=2026-04-01&to=2026-04-10&split=landing')).json<FunnelReport>();
    expect(landing.segments.map((segment) => [segment.value, segment.steps.map((step) => step.count)])).toEqual([
      ['start', [4, 3, 2, 2, 2, 2, 2, 1, 1]],
      ['demo', [2, 1, 1, 1, 1, 1, 0, 0, 0]],
      ['form', [1, 0, 0, 0, 0, 0, 0, 0, 0]],
    ]);
    const source = (await report('from=2026-04-01&to=2026-04-10&split=utm_source')).json<FunnelReport>();
    expect(source.segments.map((segment) => [segment.value, segment.steps[0]!.count, segment.steps[1]!.count])).toEqual([
      ['google', 3, 3],
      ['newsletter', 2, 1],
      [null, 2, 0],
    ]);
    const language = (await report('from=2026-04-01&to=2026-04-10&split=lng')).json<FunnelReport>();
    expect(language.segments.map((segment) => [segment.value, segment.steps[0]!.count])).toEqual([
      ['en', 5],
      ['fr', 2],
    ]);
  });

  it('rejects bad ranges and splits with a stable code', async () => {
    expect((await report('from=2026-04-10&to=2026-04-01')).json()).toMatchObject({ code: 'INVALID_RANGE' });
    expect((await report('from=2026-02-30')).json()).toMatchObject({ code: 'INVALID_RANGE' });
    expect((await report('from=2024-01-01&to=2026-01-01')).statusCode).toBe(400);
    const badSplit = await report('split=country');
    expect(badSplit.statusCode).toBe(400);
    expect(badSplit.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('draws the report as an HTML page with an SVG chart and the split table', async () => {
    const headers = { authorization: `Bearer ${ADMIN_TOKEN}` };
    const response = await app.inject({ method: 'GET', url: '/admin/funnel?from=2026-04-01&to=2026-04-10&split=landing', headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const html = response.body;
    expect(html).toContain('<svg');
    expect(html).toContain('role="img"');
    expect(html).toMatch(/Visitors: 7, Code verified: 4/);
    expect(html).toContain('<th scope="row">demo</th>');
    expect(html).toContain('value="2026-04-01"');
    // The filters' form carries no token: the cookie (or the header) does.
    expect(html).not.toContain('name="token"');
    const bad = await app.inject({ method: 'GET', url: '/admin/funnel?from=nope', headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('expected a date as YYYY-MM-DD');
  });

  describe('protection in production', () => {
    it('refuses without a token, with a wrong one, and shows the login form to browsers', async () => {
      expect((await report('', { authorization: '' })).statusCode).toBe(401);
      const wrong = await report('', { authorization: 'Bearer not-the-token-at-all' });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toMatchObject({ code: 'INVALID_TOKEN' });
      const page = await app.inject({ method: 'GET', url: '/admin/funnel' });
      expect(page.statusCode).toBe(401);
      expect(page.body).toContain('<label for="token">Admin token');
      const events = await app.inject({ method: 'GET', url: '/admin/analytics/events.json' });
      expect(events.statusCode).toBe(401);
    });

    it('signs in through the form with a cookie that is not the token itself', async () => {
      const wrong = await app.inject({ method: 'POST', url: '/admin/login', payload: 'token=wrong-token-value', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.body).toContain('That token is not valid.');
      const login = await app.inject({ method: 'POST', url: '/admin/login', payload: `token=${ADMIN_TOKEN}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expect(login.statusCode).toBe(303);
      expect(login.headers.location).toBe('/admin/funnel');
      const cookie = String(login.headers['set-cookie']);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Strict/);
      expect(cookie).not.toContain(ADMIN_TOKEN);
      const page = await app.inject({ method: 'GET', url: '/admin/funnel', headers: { cookie: cookie.split(';')[0]! } });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Sign-up funnel');
    });

    it('lists stored events for the team', async () => {
      const response = await report('', {});
      expect(response.statusCode).toBe(200);
      const events = await app.inject({ method: 'GET', url: '/admin/analytics/events.json?device_id=device-demo-1&limit=2', headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
      expect(events.statusCode).toBe(200);
      const body = events.json<{ events: Array<{ event_type: string; device_id: string }> }>();
      expect(body.events).toHaveLength(2);
      expect(body.events[0]).toMatchObject({ device_id: 'device-demo-1', event_type: 'onboarding step viewed' });
    });
  });
});

describe('funnel report in development', () => {
  it('is open without a token', async () => {
    const app = await buildTestApp();
    try {
      const response = await app.inject({ method: 'GET', url: '/admin/funnel.json' });
      expect(response.statusCode).toBe(200);
      expect(response.json<FunnelReport>().total.steps).toHaveLength(9);
    } finally {
      await app.close();
    }
  });

  it('stays closed in production when ADMIN_TOKEN is not set', async () => {
    const app = await buildTestApp({ env: { NODE_ENV: 'production' } });
    try {
      const response = await app.inject({ method: 'GET', url: '/admin/funnel.json' });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'ADMIN_NOT_CONFIGURED' });
    } finally {
      await app.close();
    }
  });
});
