import { ingestBodySchema, ingestEventSchema, ingestLimits, type IngestEvent, type IngestInvalid } from '../../core/contracts/analytics';

export type ValidationResult =
  | { ok: true; apiKey: string; events: IngestEvent[] }
  | { ok: false; status: 400 | 413; body: IngestInvalid | { code: 413; error: string } };

/** Amplitude answers a body that is not an object with api_key/events like this. */
const missingField = (field: string): ValidationResult => ({
  ok: false,
  status: 400,
  body: { code: 400, error: 'Request missing required field', missing_field: field },
});

function addIndex(target: Record<string, number[]>, field: string, index: number) {
  const list = (target[field] ??= []);
  if (!list.includes(index)) list.push(index);
}

/**
 * Checks an HTTP V2 upload the way Amplitude does: the envelope first (missing api_key/events is a
 * 400 naming the field; too many events is a 413), then every event, collecting the indices of
 * events with missing fields, invalid fields and too-short ids. Any bad event rejects the whole
 * batch (the SDKs then drop exactly those indices and resend the rest).
 */
export function validateUpload(body: unknown): ValidationResult {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, status: 400, body: { code: 400, error: 'Invalid JSON request body' } };
  }
  const record = body as Record<string, unknown>;
  if (record.api_key === undefined || record.api_key === null || record.api_key === '') return missingField('api_key');
  if (record.events === undefined || record.events === null) return missingField('events');
  const envelope = ingestBodySchema.safeParse(body);
  if (!envelope.success) {
    const field = String(envelope.error.issues[0]?.path[0] ?? 'body');
    return { ok: false, status: 400, body: { code: 400, error: `Invalid field: ${field}`, events_with_invalid_fields: {} } };
  }
  const { events, api_key: apiKey, options } = envelope.data;
  if (events.length === 0) return { ok: false, status: 400, body: { code: 400, error: 'Request missing required field', missing_field: 'events' } };
  if (events.length > ingestLimits.maxEvents) {
    return { ok: false, status: 413, body: { code: 413, error: 'Payload too large' } };
  }

  const minIdLength = options?.min_id_length ?? ingestLimits.defaultMinIdLength;
  const invalid: Record<string, number[]> = {};
  const missing: Record<string, number[]> = {};
  const idLengths: Record<string, number[]> = {};
  const parsed: IngestEvent[] = [];

  events.forEach((raw, index) => {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      addIndex(invalid, 'event', index);
      return;
    }
    const event = raw as Record<string, unknown>;
    if (JSON.stringify(event).length > ingestLimits.maxEventBytes) {
      addIndex(invalid, 'event_size', index);
      return;
    }
    if (event.event_type === undefined || event.event_type === null) addIndex(missing, 'event_type', index);
    const userId = event.user_id;
    const deviceId = event.device_id;
    if ((userId === undefined || userId === null || userId === '') && (deviceId === undefined || deviceId === null || deviceId === '')) {
      addIndex(missing, 'device_id', index);
      addIndex(missing, 'user_id', index);
    }
    const result = ingestEventSchema.safeParse(event);
    if (!result.success) {
      for (const issue of result.error.issues) {
        const field = String(issue.path[0] ?? 'event');
        if (event[field] === undefined) continue; // reported as missing above
        addIndex(invalid, field, index);
      }
      return;
    }
    for (const field of ['user_id', 'device_id'] as const) {
      const value = result.data[field];
      if (typeof value === 'string' && value.length > 0 && value.length < minIdLength) addIndex(idLengths, field, index);
    }
    parsed.push(result.data);
  });

  const hasMissing = Object.keys(missing).length > 0;
  const hasInvalid = Object.keys(invalid).length > 0;
  const hasIdLengths = Object.keys(idLengths).length > 0;
  if (hasMissing || hasInvalid || hasIdLengths) {
    const error = hasIdLengths && !hasMissing && !hasInvalid ? 'Invalid id length for user_id or device_id' : 'Invalid field values on some events';
    return {
      ok: false,
      status: 400,
      body: {
        code: 400,
        error,
        events_with_invalid_fields: invalid,
        events_with_missing_fields: missing,
        events_with_invalid_id_lengths: idLengths,
        silenced_events: [],
      },
    };
  }
  return { ok: true, apiKey, events: parsed };
}
