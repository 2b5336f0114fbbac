import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ingestLimits, type IngestSuccess } from '../../core/contracts/analytics';
import { createKeyChecker } from './api-keys';
import { storeEvents } from './store';
import { validateUpload } from './validate';

/**
 * `POST /analytics/2/httpapi`: Amplitude's HTTP V2 upload, so the real Amplitude SDKs post here
 * unchanged. Answers exactly as Amplitude does (status and body), not with the product's
 * `{ code: 'STRING', message }` shape: the SDKs read `code`, `error`, `missing_field`,
 * `events_with_*` and `throttled_events` to decide what to drop and what to retry.
 */
export default async function ingestRoutes(app: FastifyInstance): Promise<void> {
  const isKnownKey = createKeyChecker(app.db);

  // sendBeacon (used by the SPA when a tab is hidden or closed) can only post text/plain.
  app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: ingestLimits.maxBodyBytes }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      const error = new Error('Invalid JSON request body') as FastifyError;
      error.statusCode = 400;
      done(error, undefined);
    }
  });

  app.setErrorHandler(amplitudeErrorAnswer(app.env.ANALYTICS_RATE_LIMIT_PER_MINUTE));

  const apiKeyOf = (request: FastifyRequest): string | undefined => {
    const key = (request.body as { api_key?: unknown } | undefined)?.api_key;
    return typeof key === 'string' && key.length <= 256 ? key : undefined;
  };

  app.post(
    '/2/httpapi',
    {
      bodyLimit: ingestLimits.maxBodyBytes,
      config: {
        rateLimit: {
          max: app.env.ANALYTICS_RATE_LIMIT_PER_MINUTE,
          timeWindow: '1 minute',
          // After the body is parsed, so the limit is counted per api key. Unknown keys share one
          // bucket per client address, so inventing keys does not buy fresh buckets.
          hook: 'preHandler',
          keyGenerator: async (request: FastifyRequest) => {
            const key = apiKeyOf(request);
            return key && (await isKnownKey(key)) ? `key:${key}` : `ip:${request.ip}`;
          },
        },
      },
    },
    async (request, reply) => {
      const receivedAt = app.clock.now();
      const result = validateUpload(request.body);
      if (!result.ok) return reply.status(result.status).send(result.body);
      if (!(await isKnownKey(result.apiKey))) {
        return reply.status(400).send({ code: 400, error: `Invalid API key: ${result.apiKey.slice(0, 64)}` });
      }
      // Awaited: the 200 below is sent only after the insert has committed.
      await storeEvents(app.db, { apiKey: result.apiKey, events: result.events, receivedAt, ip: request.ip ?? null });
      const answer: IngestSuccess = {
        code: 200,
        events_ingested: result.events.length,
        payload_size_bytes: Number(request.headers['content-length'] ?? JSON.stringify(request.body).length),
        server_upload_time: receivedAt.getTime(),
      };
      return reply.status(200).send(answer);
    },
  );
}

/**
 * Errors answered as Amplitude answers them: 413 too large, 429 with every event of the batch
 * throttled, any other client error a 400 with Amplitude's wording, and a 500 that says nothing more.
 */
function amplitudeErrorAnswer(perMinute: number) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.status(413).send({ code: 413, error: 'Payload too large' });
    if (status === 429) {
      const events = (request.body as { events?: unknown } | undefined)?.events;
      const count = Array.isArray(events) ? Math.min(events.length, ingestLimits.maxEvents) : 0;
      return reply.status(429).send({
        code: 429,
        error: 'Too many requests for some devices and users',
        eps_threshold: perMinute,
        throttled_devices: {},
        throttled_users: {},
        // Every event of the batch: the SDKs wait their throttle delay (30 s) before resending them.
        throttled_events: Array.from({ length: count }, (_, index) => index),
        exceeded_daily_quota_devices: {},
        exceeded_daily_quota_users: {},
      });
    }
    if (status === 415) return reply.status(400).send({ code: 400, error: 'Invalid content type: expected application/json' });
    if (status >= 400 && status < 500) return reply.status(400).send({ code: 400, error: 'Invalid JSON request body' });
    request.log.error({ err: error }, 'analytics ingest failed');
    return reply.status(500).send({ code: 500, error: 'Internal server error' });
  };
}
