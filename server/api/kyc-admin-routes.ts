import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../http/admin-auth';
import { kycStatusSchema } from '../../core/contracts/user';
import { decideKyc, kycDecisionSchema, kycReviewSchema, listKycReviews } from './kyc-admin';

const errorBody = z.object({ code: z.string(), message: z.string() });

/**
 * The KYC review queue for the team (and for `npm run kyc-admin` while the server runs and holds
 * the embedded database): same admin policy as the other /admin pages (ADMIN_TOKEN).
 */
export default async function kycAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/admin/kyc/reviews',
    { schema: { querystring: z.object({ status: kycStatusSchema.default('PENDING_REVIEW') }), response: { 200: z.object({ reviews: z.array(kycReviewSchema) }), 401: errorBody, 403: errorBody } } },
    async (request, reply) => {
      requireAdmin(app.env, request, reply);
      return { reviews: await listKycReviews(app.db, request.query.status) };
    },
  );
  r.post(
    '/admin/kyc/decisions',
    {
      schema: {
        body: kycDecisionSchema.extend({ user: z.string().trim().min(1).max(254) }).strict(),
        response: { 200: z.object({ user_id: z.string(), kyc_status: z.enum(['VALIDATED', 'REJECTED']) }), 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (request, reply) => {
      requireAdmin(app.env, request, reply);
      const { user, ...decision } = request.body;
      const result = await decideKyc(app.db, user, decision, app.clock.now());
      request.log.info({ userId: result.user_id, kyc: result.kyc_status }, 'kyc decided by a reviewer');
      return result;
    },
  );
}
