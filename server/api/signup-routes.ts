import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { conflict } from '../http/errors';
import {
  signupCheckRequestSchema,
  signupCheckResultSchema,
  signupCompleteRequestSchema,
  signupCompleteResultSchema,
  type SignupCheckResult,
} from '../../core/contracts/signup';
import { spendProductLookup } from './lookup';
import { ensureProfile } from './profiles';

const errorBody = z.object({ code: z.string(), message: z.string() });

/**
 * The sign-up's two account questions (decision 103). `check` runs before any code is sent, so a
 * known email with another phone is said at once; `complete` runs once the code has proven the phone
 * (or, on /email-form, the email) and writes the form into the account only when it has no sign-up
 * yet — a returning person's profile is never overwritten by what someone typed into a form.
 */
export default async function signupRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/v1/signup/check',
    {
      // Public; a signed-in caller (their token sent) spends their own lookup budget.
      config: { auth: 'optional' },
      schema: { body: signupCheckRequestSchema, response: { 200: signupCheckResultSchema, 400: errorBody, 429: errorBody } },
    },
    async (request, reply): Promise<SignupCheckResult> => {
      // Public and it says whether an address has an account, like every sign-up form's "already
      // exists": within the lookup budget, so it cannot be used to sweep a list of addresses.
      await spendProductLookup(app, request, reply, request.user?.id ?? null);
      const { email, phone } = request.body;
      const { byEmail, byPhone } = await app.authService.accounts.idsByEmailAndPhone(email, phone);
      if (!byEmail && !phone && (await app.authService.accounts.emailClaimed(email))) return { outcome: 'emailClaimed' };
      if (!byEmail) return { outcome: byPhone ? 'returning' : 'new' };
      // /email-form: the code goes to the email itself, so it proves the account it reaches.
      if (!phone || byPhone === byEmail) return { outcome: 'returning' };
      return { outcome: 'emailTaken' };
    },
  );

  r.post(
    '/v1/signup/complete',
    { schema: { body: signupCompleteRequestSchema, response: { 200: signupCompleteResultSchema, 401: errorBody, 409: errorBody, 429: errorBody } } },
    async (request, reply) => {
      const user = request.user!;
      const body = request.body;
      const email = body.email.toLowerCase();
      const identity = await app.authService.accounts.identity(user.id);
      const proven = identity?.email === email && identity.emailConfirmed;
      await ensureProfile(app.db, user.id);
      // The check before the code may have raced another sign-up proving this address since.
      if (!proven) {
        await spendProductLookup(app, request, reply, user.id);
        const owner = await app.authService.accounts.idsByEmailAndPhone(email, undefined);
        if (owner.byEmail && owner.byEmail !== user.id) throw conflict('EMAIL_ALREADY_EXISTS', 'An account with this email already exists.');
      }
      const data: Record<string, unknown> = { ...(body.tracking ?? {}), landing_page: body.landingPage, signed_up_at: app.clock.now().toISOString() };
      if (body.companyName) data.company_name = body.companyName;
      // One statement decides: only an account without a sign-up takes the form (two tabs, a retry
      // or a returning person all find `signed_up_at` already there and change nothing).
      const written = await app.db
        .updateTable('profiles')
        .set({
          first_name: sql`coalesce(first_name, ${body.firstName ?? null})`,
          last_name: sql`coalesce(last_name, ${body.lastName ?? null})`,
          email: sql`coalesce(email, ${email})`,
          data: sql`${JSON.stringify(data)}::jsonb || data`,
        })
        .where('user_id', '=', user.id)
        .where(sql<boolean>`not (data ? 'signed_up_at')`)
        // Accounts made before sign-ups were marked: a name or an email means someone already signed up.
        .where('first_name', 'is', null)
        .where((eb) => eb.or([eb('email', 'is', null), eb('email', '=', email)]))
        .returning('email')
        .executeTakeFirst();
      if (!written) return { returning: true, emailNeedsConfirmation: false };
      app.metrics.signUps.inc();
      return { returning: false, emailNeedsConfirmation: !proven };
    },
  );
}
