import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getProfile } from '../api/profiles';
import { kycLookupRequestSchema, kycLookupResultSchema, resolvedUserSchema } from '../../core/contracts/onboarding';

const errorBody = z.object({ code: z.string(), message: z.string() });

/**
 * The two functions the identity-check step calls (SPEC §4), in-process under /functions/v1.
 * Both need the caller's bearer token and only ever answer about the caller.
 */
export default async function identityRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** Resolves the user behind the access token: the email and phone the product knows them by. */
  r.post('/functions/v1/resolve-user', { schema: { response: { 200: resolvedUserSchema, 401: errorBody } } }, async (request) => {
    const user = request.user!;
    const [profile, identity] = await Promise.all([getProfile(app.db, user.id), app.authService.accounts.identity(user.id)]);
    return { email: (identity?.emailConfirmed ? identity.email : null) ?? profile?.email ?? null, phone: profile?.phone ?? identity?.phone ?? null };
  });

  /**
   * Looks up kyc_status by email and phone. The record must be the caller's own: an address or number
   * of someone else answers null, so this cannot probe other accounts.
   */
  r.post(
    '/functions/v1/kyc-status',
    { schema: { body: kycLookupRequestSchema, response: { 200: kycLookupResultSchema, 401: errorBody } } },
    async (request) => {
      const user = request.user!;
      const { email, phone } = request.body;
      if (!email && !phone) return { kyc_status: null };
      const [profile, identity] = await Promise.all([getProfile(app.db, user.id), app.authService.accounts.identity(user.id)]);
      const emails = [profile?.email, identity?.email].filter(Boolean).map((value) => value!.toLowerCase());
      const phones = [profile?.phone, identity?.phone].filter(Boolean);
      const matches = (!email || emails.includes(email.toLowerCase())) && (!phone || phones.includes(phone));
      return { kyc_status: matches ? (profile?.kyc_status ?? null) : null };
    },
  );
}
