import { z } from 'zod';
import { analyticsEvents } from '../analytics-events';
import { languages } from '../routes/languages';

/**
 * The analytics ingest's wire format: Amplitude's HTTP V2 API (`POST /2/httpapi`), so the real
 * Amplitude SDKs post to this server unchanged, and the funnel report's JSON. Shared by the server
 * (validation) and the SPA/tests (types).
 */

/** Limits of Amplitude's HTTP V2 API (Growth/Enterprise): under 1 MB and fewer than 2000 events. */
export const ingestLimits = {
  maxBodyBytes: 1024 * 1024,
  maxEvents: 2000,
  /** Not an Amplitude number: one event's serialised size, so a single event cannot be a megabyte. */
  maxEventBytes: 32 * 1024,
  maxEventTypeLength: 1024,
  maxIdLength: 1024,
  defaultMinIdLength: 5,
} as const;

const propertyBag = z.record(z.string().max(1024), z.unknown());

/**
 * One event. Known Amplitude fields are type-checked; any other field the SDK sends (library,
 * ingestion_metadata, partner_id…) is kept as it came.
 */
export const ingestEventSchema = z.looseObject({
  event_type: z.string().min(1).max(ingestLimits.maxEventTypeLength),
  user_id: z.string().max(ingestLimits.maxIdLength).nullish(),
  device_id: z.string().max(ingestLimits.maxIdLength).nullish(),
  time: z.number().int().nonnegative().optional(),
  session_id: z.number().int().min(-1).optional(),
  event_id: z.number().int().optional(),
  insert_id: z.string().min(1).max(256).optional(),
  event_properties: propertyBag.optional(),
  user_properties: propertyBag.optional(),
  groups: propertyBag.optional(),
  group_properties: propertyBag.optional(),
  app_version: z.string().max(256).optional(),
  platform: z.string().max(256).optional(),
  os_name: z.string().max(256).optional(),
  os_version: z.string().max(256).optional(),
  device_model: z.string().max(256).optional(),
  language: z.string().max(256).optional(),
  ip: z.string().max(64).optional(),
  user_agent: z.string().max(2048).optional(),
  price: z.number().optional(),
  quantity: z.number().int().optional(),
  revenue: z.number().optional(),
});
export type IngestEvent = z.infer<typeof ingestEventSchema>;

/** The envelope; events are validated one by one so errors can name their indices (Amplitude does). */
export const ingestBodySchema = z.object({
  api_key: z.string().min(1).max(256),
  events: z.array(z.unknown()),
  options: z
    .object({
      min_id_length: z.number().int().min(1).max(ingestLimits.maxIdLength).optional(),
    })
    .loose()
    .optional(),
});

export interface IngestSuccess {
  code: 200;
  events_ingested: number;
  payload_size_bytes: number;
  server_upload_time: number;
}

export interface IngestInvalid {
  code: 400;
  error: string;
  missing_field?: string;
  events_with_invalid_fields?: Record<string, number[]>;
  events_with_missing_fields?: Record<string, number[]>;
  events_with_invalid_id_lengths?: Record<string, number[]>;
  silenced_events?: number[];
}

/**
 * Events that happen once in a person's life with the product (a trial starts once, onboarding
 * finishes once). The ingest stores each at most once per user id, whatever the client sends: a
 * reload of next-steps, a second device or an SDK retry with a fresh insert_id adds nothing.
 */
export const oncePerUserEvents = [analyticsEvents.trialStarted, analyticsEvents.startQuestionnaireCompleted, analyticsEvents.onboardingFinished] as const;

/** Event-property names the ingest copies into indexed columns (the SPA adds them; see events.ts). */
export const contextColumns = ['lng', 'landing', 'utm_source'] as const;

// ---------------------------------------------------------------------------------------------
// Funnel report (GET /admin/funnel.json)

export const funnelDimensions = ['landing', 'utm_source', 'lng'] as const;
export type FunnelDimension = (typeof funnelDimensions)[number];

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'expected a date as YYYY-MM-DD' });

export const funnelQuerySchema = z.object({
  from: isoDay.optional(),
  to: isoDay.optional(),
  split: z.enum(funnelDimensions).optional(),
});
export type FunnelQuery = z.infer<typeof funnelQuerySchema>;

export interface FunnelStepResult {
  key: string;
  label: string;
  count: number;
  /** Share of the first step (0..1). */
  conversion: number;
  /** Share of the previous step that reached this one (0..1); 1 for the first step. */
  stepConversion: number;
  /** People lost since the previous step. */
  dropOff: number;
}

export interface FunnelSegment {
  /** The split value, or null for "all visitors" / "(none)". */
  value: string | null;
  steps: FunnelStepResult[];
}

export interface FunnelReport {
  from: string;
  to: string;
  split: FunnelDimension | null;
  total: FunnelSegment;
  segments: FunnelSegment[];
}

// ---------------------------------------------------------------------------------------------
// The funnel's numbers on the chart (GET /admin/funnel/chart.json): one filtered funnel, not split.

/** A landing page or utm_source as the ingest stores them: short, printable, no markup. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const touchValue = z.string().min(1).max(200).regex(/^[^<>"'`\u0000-\u001f]+$/, { message: 'expected printable text without markup' });

export const funnelChartQuerySchema = z.object({
  from: isoDay.optional(),
  to: isoDay.optional(),
  lng: z.enum(languages).optional(),
  landing: touchValue.optional(),
  utm_source: touchValue.optional(),
});
export type FunnelChartQuery = z.infer<typeof funnelChartQuerySchema>;

/** Only people whose first touch in the range had these values (each dimension optional). */
export type FunnelFilter = Partial<Record<FunnelDimension, string>>;

export interface FunnelChartStep {
  key: string;
  /** People who reached this step, every earlier one first (the ordered funnel). */
  reached: number;
  /** People who reached this step and not the next: where they left (0 on the last step). */
  left: number;
}

export interface FunnelChartTransition {
  from: string;
  to: string;
  /** People who went on from `from` to `to`. */
  people: number;
}

export interface FunnelChartNumbers {
  from: string;
  to: string;
  filter: FunnelFilter;
  steps: FunnelChartStep[];
  transitions: FunnelChartTransition[];
  /** The values seen in the range, most people first, for the filter's choices. */
  choices: Record<FunnelDimension, string[]>;
}
