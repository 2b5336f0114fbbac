import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { countryForIp, UNKNOWN_COUNTRY } from './country';

/**
 * GET /geo/country: the caller's country code as plain text (e.g. `FR`), from `request.ip`.
 * `request.ip` honours X-Forwarded-For only when the connection comes from TRUSTED_PROXIES
 * (Fastify's trustProxy, set in server/app.ts), so a client cannot pick its own country.
 * Loopback, private and unknown addresses answer `XX` (200): the SPA then falls back to EUR
 * (docs/decisions/301-geo-unknown-country.md).
 */
export default async function countryRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/geo/country',
    { schema: { response: { 200: z.string().regex(/^[A-Z]{2}$/) } } },
    async (request, reply) => {
      const country = (await countryForIp(request.ip)) ?? UNKNOWN_COUNTRY;
      // The answer depends on the caller's address: never share it through a cache.
      reply.header('cache-control', 'private, no-store');
      reply.header('access-control-allow-origin', '*');
      reply.type('text/plain; charset=utf-8');
      return country;
    },
  );
}
