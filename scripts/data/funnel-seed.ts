import { sql, type Kysely } from 'kysely';
import type { Database } from '../../server/db/schema';

/**
 * Funnel traffic for a year before `now`, written straight into analytics_events (roll it up with
 * rollUpStoredEvents): people who come from four landing pages in two languages, most with
 * utm_source, and go 0 to 8 steps past two page views (6 events on average); a third come back the
 * next day for the steps after the company size. Set-based, so 500,000 events take seconds. Used by
 * `npm run bench:funnel` and the query-plan test (tests/server/data).
 */
export async function seedFunnelEvents(db: Kysely<Database>, options: { events: number; now: Date; apiKey: string }): Promise<void> {
  const { now, apiKey } = options;
  const people = Math.ceil(options.events / 6);
  await sql`
    insert into analytics_events (api_key, event_type, user_id, device_id, insert_id, time, received_at, lng, landing, utm_source, event_properties)
    select ${apiKey}, s.event_type, case when s.n >= 3 then 'user-' || p.i end, 'device-' || p.i, p.i || '-' || s.n,
      p.start + s.n * interval '5 minutes' + case when s.n >= 6 and p.i % 3 = 0 then interval '1 day' else interval '0' end,
      ${now}::timestamptz, p.lng, p.landing, p.utm, case when s.step is null then '{}'::jsonb else jsonb_build_object('step', s.step) end
    from (
      select i, ${now}::timestamptz - ((i * 7919) % 366) * interval '1 day' - ((i * 104729) % 86400) * interval '1 second' as start,
        2 + (i * 13) % 9 as depth, (array['start', 'demo', 'form', 'pricing'])[1 + i % 4] as landing, (array['en', 'fr'])[1 + i % 2] as lng,
        (array['google', 'newsletter', 'partner', null])[1 + (i / 4) % 4] as utm
      from generate_series(0::bigint, ${people - 1}) as i
    ) p
    join (values (1, '[Amplitude] Page Viewed', null), (2, '[Amplitude] Page Viewed', null), (3, 'code verified', null),
      (4, 'onboarding step viewed', 'verify-phone'), (5, 'onboarding step viewed', 'size'), (6, 'onboarding step viewed', 'details'),
      (7, 'onboarding step viewed', 'crm'), (8, 'paywall viewed', null), (9, 'trial started', null), (10, 'web2app-onboarding-finished', null)
    ) as s (n, event_type, step) on s.n <= p.depth
  `.execute(db);
  await sql`analyze`.execute(db);
}
