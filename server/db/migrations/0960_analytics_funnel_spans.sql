-- The funnel report at any size (#29.3): counts kept per span of days, so a range's report adds up a
-- few thousand counts instead of merging every person's days (4 s for a year at 5 M events).
--
-- analytics_funnel_people: each person's rollup days merged (their first and last day, the earliest
-- time of each step, the earliest landing page, utm_source and language). For a range that holds all
-- of a person's days this is exactly what the report merged from the days.
-- analytics_funnel_spans: how many people share a first day, a last day, a first touch and how far
-- they went in order. A range's report is the sum of the spans inside it, plus the few people whose
-- days cross one of the range's ends, merged from their days as before (server/analytics/funnel.ts).
--
-- Both follow analytics_funnel_days by triggers, so every writer keeps them (the ingest, the
-- backfill, erasure deleting a person's days) with nothing else to call.

-- How far a person went in order (0..9): a step counts only if every earlier step was reached, no
-- later than it. The one home of this rule in SQL; funnel-steps.ts lists the steps in this order.
create function analytics_funnel_reached(
  visitors timestamptz, code_verified timestamptz, verify_phone timestamptz, size timestamptz, details timestamptz,
  crm timestamptz, paywall timestamptz, trial timestamptz, finished timestamptz
) returns smallint language sql immutable parallel safe as $$
  select case
    when visitors is null then 0
    when code_verified is null or code_verified < visitors then 1
    when verify_phone is null or verify_phone < code_verified then 2
    when size is null or size < verify_phone then 3
    when details is null or details < size then 4
    when crm is null or crm < details then 5
    when paywall is null or paywall < crm then 6
    when trial is null or trial < paywall then 7
    when finished is null or finished < trial then 8
    else 9
  end::smallint
$$;

create table analytics_funnel_people (
  person text primary key,
  first_day date not null,
  last_day date not null,
  visitors_at timestamptz,
  code_verified_at timestamptz,
  step_verify_phone_at timestamptz,
  step_size_at timestamptz,
  step_details_at timestamptz,
  step_crm_at timestamptz,
  paywall_at timestamptz,
  trial_at timestamptz,
  finished_at timestamptz,
  landing text,
  landing_at timestamptz,
  utm_source text,
  utm_source_at timestamptz,
  lng text,
  lng_at timestamptz
);
-- The people whose days cross a given day (a range's end): only people seen on several days can.
create index analytics_funnel_people_span on analytics_funnel_people using gist (daterange(first_day, last_day, '[]')) where first_day < last_day;

create table analytics_funnel_spans (
  first_day date not null,
  last_day date not null,
  landing text,
  utm_source text,
  lng text,
  reached smallint not null,
  people integer not null,
  constraint analytics_funnel_spans_key unique nulls not distinct (first_day, last_day, landing, utm_source, lng, reached)
);
create index analytics_funnel_spans_first_day on analytics_funnel_spans (first_day, last_day);

-- Days stored or merged: merge them into their people (earliest of old and new, as the days merge).
create function analytics_funnel_days_merged() returns trigger language plpgsql as $$
begin
  insert into analytics_funnel_people as p (person, first_day, last_day, visitors_at, code_verified_at, step_verify_phone_at,
    step_size_at, step_details_at, step_crm_at, paywall_at, trial_at, finished_at, landing, landing_at, utm_source, utm_source_at, lng, lng_at)
  select person, min(day), max(day), min(visitors_at), min(code_verified_at), min(step_verify_phone_at), min(step_size_at),
    min(step_details_at), min(step_crm_at), min(paywall_at), min(trial_at), min(finished_at),
    (array_agg(landing order by landing_at) filter (where landing is not null))[1], min(landing_at),
    (array_agg(utm_source order by utm_source_at) filter (where utm_source is not null))[1], min(utm_source_at),
    (array_agg(lng order by lng_at) filter (where lng is not null))[1], min(lng_at)
  from merged_days
  group by person
  -- The same order everywhere, so two statements locking the same people cannot deadlock.
  order by person
  on conflict (person) do update set
    first_day = least(p.first_day, excluded.first_day),
    last_day = greatest(p.last_day, excluded.last_day),
    visitors_at = least(p.visitors_at, excluded.visitors_at),
    code_verified_at = least(p.code_verified_at, excluded.code_verified_at),
    step_verify_phone_at = least(p.step_verify_phone_at, excluded.step_verify_phone_at),
    step_size_at = least(p.step_size_at, excluded.step_size_at),
    step_details_at = least(p.step_details_at, excluded.step_details_at),
    step_crm_at = least(p.step_crm_at, excluded.step_crm_at),
    paywall_at = least(p.paywall_at, excluded.paywall_at),
    trial_at = least(p.trial_at, excluded.trial_at),
    finished_at = least(p.finished_at, excluded.finished_at),
    landing = case when excluded.landing_at < p.landing_at or p.landing_at is null then excluded.landing else p.landing end,
    landing_at = least(p.landing_at, excluded.landing_at),
    utm_source = case when excluded.utm_source_at < p.utm_source_at or p.utm_source_at is null then excluded.utm_source else p.utm_source end,
    utm_source_at = least(p.utm_source_at, excluded.utm_source_at),
    lng = case when excluded.lng_at < p.lng_at or p.lng_at is null then excluded.lng else p.lng end,
    lng_at = least(p.lng_at, excluded.lng_at);
  return null;
end $$;

create trigger analytics_funnel_days_inserted after insert on analytics_funnel_days
  referencing new table as merged_days for each statement execute function analytics_funnel_days_merged();
create trigger analytics_funnel_days_updated after update on analytics_funnel_days
  referencing new table as merged_days for each statement execute function analytics_funnel_days_merged();

-- Days deleted (erasure): a merge cannot be undone, so their people are merged again from the days left.
create function analytics_funnel_days_deleted() returns trigger language plpgsql as $$
begin
  delete from analytics_funnel_people where person in (select person from deleted_days);
  insert into analytics_funnel_people (person, first_day, last_day, visitors_at, code_verified_at, step_verify_phone_at,
    step_size_at, step_details_at, step_crm_at, paywall_at, trial_at, finished_at, landing, landing_at, utm_source, utm_source_at, lng, lng_at)
  select person, min(day), max(day), min(visitors_at), min(code_verified_at), min(step_verify_phone_at), min(step_size_at),
    min(step_details_at), min(step_crm_at), min(paywall_at), min(trial_at), min(finished_at),
    (array_agg(landing order by landing_at) filter (where landing is not null))[1], min(landing_at),
    (array_agg(utm_source order by utm_source_at) filter (where utm_source is not null))[1], min(utm_source_at),
    (array_agg(lng order by lng_at) filter (where lng is not null))[1], min(lng_at)
  from analytics_funnel_days
  where person in (select person from deleted_days)
  group by person;
  return null;
end $$;

create trigger analytics_funnel_days_deleted after delete on analytics_funnel_days
  referencing old table as deleted_days for each statement execute function analytics_funnel_days_deleted();

-- People added, changed or removed: move them between spans (one less where they were, one more
-- where they are). Spans left at 0 stay (a few thousand rows a year at most); the report skips them.
create function analytics_funnel_people_added() returns trigger language plpgsql as $$
begin
  insert into analytics_funnel_spans as s (first_day, last_day, landing, utm_source, lng, reached, people)
  select first_day, last_day, landing, utm_source, lng,
    analytics_funnel_reached(visitors_at, code_verified_at, step_verify_phone_at, step_size_at, step_details_at, step_crm_at, paywall_at, trial_at, finished_at),
    count(*)::int
  from added_people group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6
  on conflict on constraint analytics_funnel_spans_key do update set people = s.people + excluded.people;
  return null;
end $$;

create function analytics_funnel_people_changed() returns trigger language plpgsql as $$
begin
  insert into analytics_funnel_spans as s (first_day, last_day, landing, utm_source, lng, reached, people)
  select first_day, last_day, landing, utm_source, lng, reached, sum(delta)::int
  from (
    select first_day, last_day, landing, utm_source, lng,
      analytics_funnel_reached(visitors_at, code_verified_at, step_verify_phone_at, step_size_at, step_details_at, step_crm_at, paywall_at, trial_at, finished_at) as reached,
      1 as delta
    from added_people
    union all
    select first_day, last_day, landing, utm_source, lng,
      analytics_funnel_reached(visitors_at, code_verified_at, step_verify_phone_at, step_size_at, step_details_at, step_crm_at, paywall_at, trial_at, finished_at),
      -1
    from removed_people
  ) moves
  group by 1, 2, 3, 4, 5, 6 having sum(delta) <> 0 order by 1, 2, 3, 4, 5, 6
  on conflict on constraint analytics_funnel_spans_key do update set people = s.people + excluded.people;
  return null;
end $$;

create function analytics_funnel_people_removed() returns trigger language plpgsql as $$
begin
  insert into analytics_funnel_spans as s (first_day, last_day, landing, utm_source, lng, reached, people)
  select first_day, last_day, landing, utm_source, lng,
    analytics_funnel_reached(visitors_at, code_verified_at, step_verify_phone_at, step_size_at, step_details_at, step_crm_at, paywall_at, trial_at, finished_at),
    -count(*)::int
  from removed_people group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6
  on conflict on constraint analytics_funnel_spans_key do update set people = s.people + excluded.people;
  return null;
end $$;

create trigger analytics_funnel_people_inserted after insert on analytics_funnel_people
  referencing new table as added_people for each statement execute function analytics_funnel_people_added();
create trigger analytics_funnel_people_updated after update on analytics_funnel_people
  referencing old table as removed_people new table as added_people for each statement execute function analytics_funnel_people_changed();
create trigger analytics_funnel_people_deleted after delete on analytics_funnel_people
  referencing old table as removed_people for each statement execute function analytics_funnel_people_removed();

-- The days already stored: merged into people (whose trigger fills the spans) in one statement.
insert into analytics_funnel_people (person, first_day, last_day, visitors_at, code_verified_at, step_verify_phone_at,
  step_size_at, step_details_at, step_crm_at, paywall_at, trial_at, finished_at, landing, landing_at, utm_source, utm_source_at, lng, lng_at)
select person, min(day), max(day), min(visitors_at), min(code_verified_at), min(step_verify_phone_at), min(step_size_at),
  min(step_details_at), min(step_crm_at), min(paywall_at), min(trial_at), min(finished_at),
  (array_agg(landing order by landing_at) filter (where landing is not null))[1], min(landing_at),
  (array_agg(utm_source order by utm_source_at) filter (where utm_source is not null))[1], min(utm_source_at),
  (array_agg(lng order by lng_at) filter (where lng is not null))[1], min(lng_at)
from analytics_funnel_days
group by person;
