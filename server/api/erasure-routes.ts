import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../bookings/admin-auth';
import { createStripeClient } from '../payments/stripe-provider';
import { erasePerson } from '../retention/erasure';
import { resolveUserRef } from './kyc-admin';

const errorBody = z.object({ code: z.string(), message: z.string() });

/**
 * Erasure (#29, docs/data.md): DELETE /v1/user, a person with their own token (authentication refuses
 * the first step alone when they have a second factor), and POST /admin/erasures, the team on
 * request (`npm run kyc-admin -- erase <id | email | phone>` while the server holds the embedded database).
 */
export default async function erasureRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const stripe = createStripeClient(app.env);

  r.delete(
    '/v1/user',
    {
      // Each erasure calls the payment provider and rewrites the person's rows: a few per client suffice.
      config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
      schema: { response: { 204: z.null(), 401: errorBody, 403: errorBody, 502: errorBody, 503: errorBody } },
    },
    async (request, reply) => {
      const user = request.user!;
      const result = await erasePerson(app.db, user.id, { stripe, now: app.clock.now() });
      request.log.info({ erasure: result.rows }, 'a person erased their account');
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/admin/erasures',
    {
      schema: {
        body: z.object({ user: z.string().trim().min(1).max(254) }).strict(),
        response: { 200: z.object({ user_id: z.string(), rows: z.record(z.string(), z.number()) }), 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 502: errorBody, 503: errorBody },
      },
    },
    async (request, reply) => {
      requireAdmin(app.env, request, reply);
      const userId = await resolveUserRef(app.db, request.body.user);
      const result = await erasePerson(app.db, userId, { stripe, now: app.clock.now() });
      request.log.info({ userId, erasure: result.rows }, 'a person erased on request');
      return { user_id: userId, rows: result.rows };
    },
  );
}
