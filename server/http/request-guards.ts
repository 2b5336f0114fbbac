import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hostRefusal, installInputGuards } from './hostile-input';
import { securityHeaders } from './security-headers';

/**
 * What every request passes before any route: one callback-style onRequest hook (each hook, and an
 * async one more so, costs every request a turn) for a Host that is a host, the security headers and
 * the request id, set before any handler so an error answer carries them too (an onSend hook for the
 * id used to cost every answer the onSend chain, #16); then the hostile-input guards.
 */
async function requestGuardsPlugin(app: FastifyInstance): Promise<void> {
  const headersFor = securityHeaders(app.env);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headersFor(request.url));
    reply.header('x-request-id', request.id);
    done(hostRefusal(request.headers.host));
  });
  installInputGuards(app);
}

export default fp(requestGuardsPlugin, { name: 'request-guards', fastify: '5.x', dependencies: ['env'] });
