import type { FastifyInstance } from 'fastify';

/** GET /.well-known/jwks.json: the public keys that verify access tokens (auth-js getClaims). */
export default async function keysRoutes(app: FastifyInstance): Promise<void> {
  app.get('/.well-known/jwks.json', async (_request, reply) => {
    // auth-js caches for 10 minutes itself; a short shared cache is safe because keys are published ahead.
    reply.header('cache-control', 'public, max-age=300');
    return app.authService.keys.jwks();
  });
}
