import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { FunnelDimension, FunnelReport, FunnelSegment, FunnelStepResult } from '../../src/contracts/analytics';
import type { Database } from '../db/schema';

/**
 * The sign-up funnel as the team reads it: visitors → code verified → each onboarding step → paywall
 * → trial started → onboarding finished. Event names are the SPA's (src/features/analytics/events.ts).
 */
export interface FunnelStepDefinition {
  key: string;
  label: string;
  eventType: string;
  /** For 'onboarding step viewed': which step. */
  step?: string;
  /**
   * Another event that passes this step: 'onboarding step skipped' when the step was already
   * satisfied (a phone proven by the sign-up code needs no verify-phone page), so it is not a drop.
   */
  orEventType?: string;
}

export const funnelSteps: readonly FunnelStepDefinition[] = [
  { key: 'visitors', label: 'Visitors', eventType: '[Amplitude] Page Viewed' },
  { key: 'code_verified', label: 'Code verified', eventType: 'code verified' },
  { key: 'step_verify_phone', label: 'Step: verify phone', eventType: 'onboarding step viewed', step: 'verify-phone', orEventType: 'onboarding step skipped' },
  { key: 'step_size', label: 'Step: company size', eventType: 'onboarding step viewed', step: 'size' },
  { key: 'step_details', label: 'Step: company details', eventType: 'onboarding step viewed', step: 'details' },
  { key: 'step_crm', label: 'Step: CRM', eventType: 'onboarding step viewed', step: 'crm' },
  { key: 'paywall', label: 'Paywall viewed', eventType: 'paywall viewed' },
  { key: 'trial', label: 'Trial started', eventType: 'trial started' },
  { key: 'finished', label: 'Onboarding finished', eventType: 'web2app-onboarding-finished' },
];

const MAX_SEGMENTS = 12;

export interface FunnelRange {
  /** Inclusive first day, YYYY-MM-DD (UTC). */
  from: string;
  /** Inclusive last day, YYYY-MM-DD (UTC). */
  to: string;
}

interface PersonRow {
  landing: string | null;
  utm_source: string | null;
  lng: string | null;
  [step: string]: Date | string | null;
}

function stepFilter(step: FunnelStepDefinition): RawBuilder<unknown> {
  const types = step.orEventType ? sql`event_type in (${step.eventType}, ${step.orEventType})` : sql`event_type = ${step.eventType}`;
  return step.step === undefined ? types : sql`${types} and event_properties->>'step' = ${step.step}`;
}

/**
 * Counts people (a device, else a signed-in user) who reached each step in order within the range:
 * someone counts at a step only if they reached every earlier step, no later than this one (an
 * ordered funnel, as Amplitude draws them). A person's landing page, utm_source and language are
 * those of their first event in the range that carried one (first touch).
 */
export async function funnelReport(db: Kysely<Database>, range: FunnelRange, split: FunnelDimension | null): Promise<FunnelReport> {
  const start = new Date(`${range.from}T00:00:00.000Z`);
  const end = new Date(`${range.to}T00:00:00.000Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  const eventTypes = [...new Set(funnelSteps.flatMap((step) => (step.orEventType ? [step.eventType, step.orEventType] : [step.eventType])))];
  const firstTimes = sql.join(
    funnelSteps.map((step, index) => sql`min(time) filter (where ${stepFilter(step)}) as ${sql.ref(`s${index}`)}`),
  );
  const result = await sql<PersonRow>`
    select
      ${firstTimes},
      (array_agg(landing order by time) filter (where landing is not null))[1] as landing,
      (array_agg(utm_source order by time) filter (where utm_source is not null))[1] as utm_source,
      (array_agg(lng order by time) filter (where lng is not null))[1] as lng
    from analytics_events
    where time >= ${start} and time < ${end}
      and event_type in (${sql.join(eventTypes)})
      and coalesce(device_id, user_id) is not null
    group by coalesce(device_id, 'user:' || user_id)
  `.execute(db);

  const reachedPerPerson = result.rows.map((row) => ({ row, reached: reachedSteps(row) }));
  const total = segment(null, reachedPerPerson.map((entry) => entry.reached));
  const segments: FunnelSegment[] = [];
  if (split) {
    const groups = new Map<string | null, number[]>();
    for (const { row, reached } of reachedPerPerson) {
      const value = row[split] ?? null;
      const list = groups.get(value) ?? [];
      list.push(reached);
      groups.set(value, list);
    }
    for (const [value, list] of groups) segments.push(segment(value, list));
    // Most visitors first; among equals, named values before '(none)', then alphabetically.
    segments.sort(
      (a, b) =>
        (b.steps[0]?.count ?? 0) - (a.steps[0]?.count ?? 0) ||
        Number(a.value === null) - Number(b.value === null) ||
        String(a.value).localeCompare(String(b.value)),
    );
    segments.splice(MAX_SEGMENTS);
  }
  return { from: range.from, to: range.to, split, total, segments };
}

/** How many steps (0..n) a person reached in order. */
function reachedSteps(row: PersonRow): number {
  let previous: number | null = null;
  let reached = 0;
  for (let index = 0; index < funnelSteps.length; index += 1) {
    const value = row[`s${index}`];
    if (value === null || value === undefined) break;
    const time = new Date(value).getTime();
    if (previous !== null && time < previous) break;
    previous = time;
    reached += 1;
  }
  return reached;
}

function segment(value: string | null, reachedList: number[]): FunnelSegment {
  const counts = funnelSteps.map((_, index) => reachedList.filter((reached) => reached > index).length);
  const first = counts[0] ?? 0;
  const steps: FunnelStepResult[] = funnelSteps.map((step, index) => {
    const count = counts[index] ?? 0;
    const previous = index === 0 ? count : (counts[index - 1] ?? 0);
    return {
      key: step.key,
      label: step.label,
      count,
      conversion: first === 0 ? 0 : count / first,
      stepConversion: index === 0 ? 1 : previous === 0 ? 0 : count / previous,
      dropOff: index === 0 ? 0 : previous - count,
    };
  });
  return { value, steps };
}

/** The default range: the last 30 days up to today (UTC). */
export function defaultRange(now: Date): FunnelRange {
  const to = now.toISOString().slice(0, 10);
  const fromDate = new Date(now);
  fromDate.setUTCDate(fromDate.getUTCDate() - 29);
  return { from: fromDate.toISOString().slice(0, 10), to };
}
