import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../http/admin-auth';
import { HttpError } from '../http/errors';
import { eraseAddress, erasePerson, erasureSettleMs } from '../retention/erasure';
import { erasureRefSchema, erasureTargetOf } from '../retention/erasure-target';

const errorBody = z.object({ code: z.string(), message: z.string() });

/**
 * Erasure (#29, #41, docs/data.md): DELETE /v1/user, a person with their own token (authentication
 * refuses the first step alone when they have a second factor), and POST /admin/erasures, the team on
 * request (`npm run kyc-admin -- erase <id | email | phone>` while the server holds the embedded
 * database): an account by id or by what it proved, or else a person without an account by the
 * address or number they gave (a demo booker).
 */
export default async function erasureRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The app's one Stripe client (server/payments/stripe-plugin.ts), read when an erasure runs.
  const options = () => ({ stripe: app.stripe, now: app.clock.now(), settleMs: app.env.ERASURE_SETTLE_MS ?? erasureSettleMs(app.database.kind) });

  r.delete(
    '/v1/user',
    {
      // Each erasure calls the payment provider and rewrites the person's rows: a few per client suffice.
      config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
      schema: { response: { 204: z.null(), 401: errorBody, 403: errorBody, 502: errorBody, 503: errorBody } },
    },
    async (request, reply) => {
      const user = request.user!;
      const result = await erasePerson(app.db, user.id, options());
      request.log.info({ erasure: result.rows }, 'a person erased their account');
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/admin/erasures',
    {
      schema: {
        body: z.object({ user: erasureRefSchema }).strict(),
        response: {
          200: z.object({ user_id: z.string().nullable(), rows: z.record(z.string(), z.number()) }),
          400: errorBody,
          401: errorBody,
          403: errorBody,
          404: errorBody,
          409: errorBody,
          502: errorBody,
          503: errorBody,
        },
      },
    },
    async (request, reply) => {
      requireAdmin(app.env, request, reply);
      const target = await erasureTargetOf(app.db, request.body.user);
      const result = target.kind === 'account' ? await erasePerson(app.db, target.userId, options()) : await eraseAddress(app.db, target, options());
      // The log keeps the account's id, never the address or number (docs/data.md, "What logs keep").
      request.log.info({ userId: result.userId, erasure: result.rows }, 'a person erased on request');
      if (result.userId === null && Object.keys(result.rows).length === 0) throw new HttpError(404, 'NOTHING_TO_ERASE', 'No account proved this and no row names it');
      return { user_id: result.userId, rows: result.rows };
    },
  );
}
