import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AuthApiError } from '../auth/errors';
import { AUTH_WORK_SCOPE } from './require-captcha';

const challengeQuery = z.object({
  /** The country of the number about to get a code (two letters), when the page knows it: its pressure prices the work. */
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .transform((value) => value.toUpperCase())
    .optional(),
});

export type ChallengeQuery = z.infer<typeof challengeQuery>;

/** How much work the next send from this asker costs (the send rules price it: server/auth/send-rules.ts). */
export type PriceWork = (request: FastifyRequest, query: ChallengeQuery) => Promise<{ maxNumber: number; level: number }>;

/**
 * `GET /auth/v1/captcha/challenge`: the ALTCHA challenge JSON the widget (or altcha-lib's solver)
 * solves; the solved payload is the next code send's `captcha_token`. Never cached: each challenge
 * is spent once. 404 unless CAPTCHA_PROVIDER=altcha (the hosted providers serve their own).
 */
export default async function challengeRoutes(app: FastifyInstance, options: { priceWork: PriceWork }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/captcha/challenge', { schema: { querystring: challengeQuery } }, async (request, reply) => {
    if (app.captcha.provider !== 'altcha') throw new AuthApiError(404, 'captcha_not_in_use', `This server's captcha is ${app.captcha.provider}: no challenge to fetch`);
    const price = await options.priceWork(request, request.query);
    reply.header('cache-control', 'no-store');
    return app.captcha.issueWork({ scope: AUTH_WORK_SCOPE, maxNumber: price.maxNumber, data: { level: price.level, country: request.query.country ?? null } });
  });
}
