import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AdjustableClock } from '../http/clock';

/**
 * `POST /dev/clock { advanceSeconds }` moves the server's clock forward (never back) for the
 * browser tests: cooldowns and expiries then pass without real waiting. Only when the server runs
 * the adjustable clock (server.ts, outside production), and only from this machine (the dev plugin's hook).
 */
export default async function clockRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const clock = app.clock;
  if (clock instanceof AdjustableClock) {
    r.post('/dev/clock', { schema: { body: z.object({ advanceSeconds: z.number().int().min(1).max(86_400) }) } }, async (request) => {
      clock.advance(request.body.advanceSeconds * 1000);
      return { now: clock.now().toISOString(), offsetSeconds: clock.offset / 1000 };
    });
  }
}
