import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { legitimacyReasonSchema, legitimacyRequestSchema, legitimacyResultSchema } from '../../core/contracts/onboarding';
import { getBusiness, saveBusiness } from './business';
import { runLegitimacyCheck, latestReasons } from './legitimacy-store';
import { ensureProfile } from './profiles';

const errorBody = z.object({ code: z.string(), message: z.string() });

/**
 * POST /v1/user/legitimacy-verification: runs the rules once per user. A user who already has a
 * status gets it back unchanged (with the stored reasons): re-submitting cannot turn a review or a
 * rejection into a validation; only the admin tool can.
 */
export default async function legitimacyRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/v1/user/legitimacy-verification',
    {
      schema: {
        body: legitimacyRequestSchema.optional(),
        response: { 200: legitimacyResultSchema.extend({ reasons: z.array(legitimacyReasonSchema) }), 400: errorBody, 401: errorBody },
      },
    },
    async (request) => {
      const user = request.user!;
      const profile = await ensureProfile(app.db, user.id);
      if (profile.kyc_status) return { kyc_status: profile.kyc_status, reasons: await latestReasons(app.db, user.id) };
      const body = request.body ?? {};
      if (body.website !== undefined || body.company_name !== undefined) {
        const current = await getBusiness(app.db, user.id);
        await saveBusiness(app.db, user.id, {
          ...(body.website !== undefined && !current?.website ? { website: body.website } : {}),
          ...(body.company_name !== undefined && !current?.company_name ? { company_name: body.company_name } : {}),
        });
      }
      const identity = await app.authService.accounts.identity(user.id);
      const verdict = await runLegitimacyCheck(app.db, {
        userId: user.id,
        profile,
        identity,
        business: await getBusiness(app.db, user.id),
        ip: request.ip,
        now: app.clock.now(),
      });
      request.log.info({ userId: user.id, kyc: verdict.status, score: verdict.score }, 'legitimacy check decided');
      return { kyc_status: verdict.status, reasons: verdict.reasons.map(({ rule, outcome, detail }) => ({ rule, outcome, detail })) };
    },
  );
}
