import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, forbidden } from '../http/errors';
import { findCurrentSubscription } from '../payments/subscription-status';
import { finishResultSchema } from '../../core/contracts/onboarding';
import { ensureProfile, updateProfile } from './profiles';

const errorBody = z.object({ code: z.string(), message: z.string() });

/** The role every customer gets once they subscribe (role values are not in the SPEC). */
export const CUSTOMER_ROLE = 'owner' as const;

/**
 * POST /v1/onboarding/finish — the next-steps transition. The server, not the browser, checks that a
 * trialing or active subscription exists: no user gets a role without one.
 */
export default async function onboardingRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/v1/onboarding/finish',
    { schema: { response: { 200: finishResultSchema, 401: errorBody, 402: errorBody, 403: errorBody } } },
    async (request) => {
      const user = request.user!;
      const profile = await ensureProfile(app.db, user.id);
      if (profile.kyc_status !== 'VALIDATED') throw forbidden('KYC_NOT_VALIDATED', 'The identity check has not validated this account');
      const subscription = await findCurrentSubscription(app.db, user.id);
      if (!subscription || (subscription.status !== 'trialing' && subscription.status !== 'active')) {
        throw new HttpError(402, 'SUBSCRIPTION_REQUIRED', 'A trialing or active subscription is required');
      }
      if (profile.role && profile.onboarding_finished_at) {
        return { role: profile.role, onboarding_finished_at: new Date(profile.onboarding_finished_at).toISOString(), first_time: false };
      }
      const finished = await updateProfile(app.db, user.id, {
        role: profile.role ?? CUSTOMER_ROLE,
        onboarding_finished_at: profile.onboarding_finished_at ?? app.clock.now(),
      });
      return {
        role: finished.role ?? CUSTOMER_ROLE,
        onboarding_finished_at: new Date(finished.onboarding_finished_at ?? app.clock.now()).toISOString(),
        first_time: true,
      };
    },
  );
}
