import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { emailKindQuerySchema, emailKindResponseSchema } from '../../core/contracts/email-kind';
import { loadEmailKind } from './reference-data';

/**
 * GET /v1/email-kind?email=…: work, personal, disposable or invalid, from the lists this server holds
 * (the browser keeps only the free-mail list). Public, like the sign-up form that asks; it reveals
 * nothing about accounts.
 */
export default async function emailKindRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/v1/email-kind', { config: { auth: 'public' }, schema: { querystring: emailKindQuerySchema, response: { 200: emailKindResponseSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'public, max-age=86400');
    const classifyEmail = await loadEmailKind();
    return { kind: classifyEmail(request.query.email) };
  });
}
