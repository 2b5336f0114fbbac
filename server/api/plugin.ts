import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import businessRoutes from './business-routes';
import emailKindRoutes from './email-kind-routes';
import erasureRoutes from './erasure-routes';
import kycAdminRoutes from './kyc-admin-routes';
import legitimacyRoutes from './legitimacy-routes';
import onboardingRoutes from './onboarding-routes';
import signupRoutes from './signup-routes';
import userRoutes from './user-routes';

/** The product API under /v1: its routes need a signed-in user unless they declare `config.auth` (server/auth/require-user.ts). */
async function apiPlugin(app: FastifyInstance): Promise<void> {
  await app.register(userRoutes);
  await app.register(businessRoutes);
  await app.register(legitimacyRoutes);
  await app.register(onboardingRoutes);
  await app.register(signupRoutes);
  await app.register(kycAdminRoutes);
  await app.register(emailKindRoutes);
  await app.register(erasureRoutes);
}

// Encapsulated: its hooks, parsers and handlers stay inside; named with what it needs from the app.
export default fp(apiPlugin, { name: 'api', fastify: '5.x', encapsulate: true, dependencies: ['auth', 'database', 'clock', 'hit-counter', 'rate-limit', 'error-handler', 'stripe'] });
