import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FunnelChartNumbers } from '../../../core/contracts/analytics';
import { buildTestApp, manualClock } from '../../helpers/app';
import { visitor } from './journey';

const clock = manualClock(new Date('2026-04-10T12:00:00Z'));
const ADMIN_TOKEN = 'funnel-chart-admin-token-0123456789';

describe('the funnel numbers for the chart view (GET /admin/funnel/chart.json)', () => {
  let app: FastifyInstance;
  const numbers = (query: string, headers: Record<string, string> = { authorization: `Bearer ${ADMIN_TOKEN}` }) =>
    app.inject({ method: 'GET', url: `/admin/funnel/chart.json?${query}`, headers });

  beforeAll(async () => {
    app = await buildTestApp({ clock, env: { NODE_ENV: 'production', ADMIN_TOKEN } });
    const events = [
      ...visitor('chart-en-1', 9, { lng: 'en', landing: 'start', utm_source: 'google' }),
      ...visitor('chart-en-2', 6, { lng: 'en', landing: 'start', utm_source: 'google' }),
      ...visitor('chart-en-3', 2, { lng: 'en', landing: 'demo', utm_source: 'google' }),
      ...visitor('chart-fr-1', 7, { lng: 'fr', landing: 'start', utm_source: 'newsletter' }),
      ...visitor('chart-fr-2', 1, { lng: 'fr', landing: 'demo' }),
      // The next day, a first-touch language already set the day before stays French.
      ...visitor('chart-fr-1', 9, { lng: 'en', landing: 'form' }, Date.parse('2026-04-06T09:00:00Z')).slice(7),
    ];
    const response = await app.inject({ method: 'POST', url: '/analytics/2/httpapi', payload: { api_key: app.publicSettings.analyticsApiKey, events } });
    expect(response.statusCode).toBe(200);
  });
  afterAll(() => app.close());

  it('is refused without the admin token, like the report', async () => {
    const missing = await numbers('from=2026-04-01&to=2026-04-10', {});
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    const wrong = await numbers('from=2026-04-01&to=2026-04-10', { authorization: 'Bearer not-the-token' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('answers 400 with a stable code on a bad filter or range', async () => {
    const badLanguage = await numbers('lng=de');
    expect(badLanguage.statusCode).toBe(400);
    expect(badLanguage.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const markup = await numbers(`landing=${encodeURIComponent('<script>')}`);
    expect(markup.statusCode).toBe(400);
    expect(markup.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const backwards = await numbers('from=2026-04-10&to=2026-04-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ code: 'INVALID_RANGE' });
  });

  it('counts who reached each step, went on and left, for everyone', async () => {
    const body = (await numbers('from=2026-04-01&to=2026-04-10')).json<FunnelChartNumbers>();
    expect(body.steps.map((step) => step.key)).toEqual([
      'visitors', 'code_verified', 'step_verify_phone', 'step_size', 'step_details', 'step_crm', 'paywall', 'trial', 'finished',
    ]);
    expect(body.steps.map((step) => step.reached)).toEqual([5, 4, 3, 3, 3, 3, 2, 2, 2]);
    expect(body.steps.map((step) => step.left)).toEqual([1, 1, 0, 0, 0, 1, 0, 0, 0]);
    expect(body.transitions[0]).toEqual({ from: 'visitors', to: 'code_verified', people: 4 });
    expect(body.transitions.at(-1)).toEqual({ from: 'trial', to: 'finished', people: 2 });
    expect(body.choices).toEqual({ landing: ['start', 'demo', 'form'], utm_source: ['google', 'newsletter'], lng: ['en', 'fr'] });
  });

  it('keeps only the people whose first touch matches every filter given', async () => {
    const french = (await numbers('from=2026-04-01&to=2026-04-10&lng=fr')).json<FunnelChartNumbers>();
    // chart-fr-1 finished on the 6th with English pages: their first touch (the 5th) was French.
    expect(french.steps.map((step) => step.reached)).toEqual([2, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect(french.filter).toEqual({ lng: 'fr' });
    const startGoogle = (await numbers('from=2026-04-01&to=2026-04-10&landing=start&utm_source=google')).json<FunnelChartNumbers>();
    expect(startGoogle.steps.map((step) => step.reached)).toEqual([2, 2, 2, 2, 2, 2, 1, 1, 1]);
    const nobody = (await numbers('from=2026-04-01&to=2026-04-10&utm_source=bing')).json<FunnelChartNumbers>();
    expect(nobody.steps.every((step) => step.reached === 0)).toBe(true);
    // The second day alone: chart-fr-1's first touch in that range is the English form page.
    const secondDay = (await numbers('from=2026-04-06&to=2026-04-06&lng=en&landing=form')).json<FunnelChartNumbers>();
    expect(secondDay.choices).toEqual({ landing: ['form'], utm_source: [], lng: ['en'] });
    expect(secondDay.steps[0]!.reached).toBe(0);
  });
});
