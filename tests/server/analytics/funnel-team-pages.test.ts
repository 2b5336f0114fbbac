import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FunnelReport } from '../../../core/contracts/analytics';
import { paths } from '../../../core/routes/paths';
import { funnelReportFromEvents } from '../../../server/analytics/funnel-raw';
import { buildTestApp, manualClock } from '../../helpers/app';
import { visitor } from './journey';

const clock = manualClock(new Date('2026-04-10T12:00:00Z'));
const ADMIN_TOKEN = 'funnel-admin-token-0123456789';
const at = Date.parse('2026-04-05T09:00:00Z');

/** A page view of `path` as the SPA's session client sends it (page_path is the pathname). */
const pageView = (device: string, path: string, time: number) => ({
  event_type: '[Amplitude] Page Viewed',
  device_id: device,
  time,
  insert_id: `${device}-${path}-${time}`,
  event_properties: { page_path: path, lng: 'en', landing: 'other' },
});

describe('funnel report: the chart page is no funnel page (#37.5)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ clock, env: { NODE_ENV: 'production', ADMIN_TOKEN } });
    const response = await app.inject({
      method: 'POST',
      url: '/analytics/2/httpapi',
      payload: {
        api_key: app.publicSettings.analyticsApiKey,
        events: [
          // A team member who only looked at the chart page (with and without a trailing slash).
          pageView('device-team-1', paths.charts.build(), at),
          pageView('device-team-1', `${paths.charts.build()}/`, at + 1000),
          // Another who looked at the chart, then walked the funnel 3 steps deep from the start page.
          pageView('device-team-2', paths.charts.build(), at - 60_000),
          ...visitor('device-team-2', 3, { lng: 'en', landing: 'start', page_path: '/en' }),
          // A customer 1 step deep.
          ...visitor('device-customer', 1, { lng: 'fr', landing: 'start', page_path: '/fr' }),
        ],
      },
    });
    expect(response.statusCode).toBe(200);
  });
  afterAll(() => app.close());

  it('counts a chart-page view as no visitor, in the report and in its raw-events reference', async () => {
    const response = await app.inject({ method: 'GET', url: '/admin/funnel.json?from=2026-04-05&to=2026-04-05', headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    expect(response.statusCode).toBe(200);
    const report = response.json<FunnelReport>();
    expect(report.total.steps.map((step) => step.count)).toEqual([2, 1, 1, 0, 0, 0, 0, 0, 0]);
    const raw = await funnelReportFromEvents(app.db, { from: '2026-04-05', to: '2026-04-05' }, null);
    expect(raw.total.steps.map((step) => step.count)).toEqual([2, 1, 1, 0, 0, 0, 0, 0, 0]);
  });

  it('takes no first touch from a chart-page view (the landing split has no "other")', async () => {
    const response = await app.inject({ method: 'GET', url: '/admin/funnel.json?from=2026-04-05&to=2026-04-05&split=landing', headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    const report = response.json<FunnelReport>();
    expect(report.segments.map((segment) => [segment.value, segment.steps[0]!.count])).toEqual([['start', 2]]);
  });
});
