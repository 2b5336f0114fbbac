import { randomBytes } from 'node:crypto';
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonNestingExceeds, MAX_JSON_DEPTH } from '../http/hostile-input';
import { installAuthErrorHandler } from './error-handler';
import { installRouteAuth } from './require-user';
import { createAuthService } from './service';
import { AuthApiError } from './errors';
import { ExternalIdentity } from './external-identity';
import emailConfirmationRoutes from './email-confirmation-routes';
import factorsRoutes from './factors-routes';
import keysRoutes from './keys-routes';
import otpRoutes from './otp-routes';
import challengeRoutes from '../captcha/challenge-routes';
import { priceChallenge } from './send-rules';
import passkeyRoutes from './passkeys/routes';
import tokenRoutes from './token-routes';
import userRoutes from './user-routes';
import { SocialProviders } from './social/providers';

/**
 * The auth capability: a Supabase Auth (GoTrue) compatible service under /auth/v1. Decorates
 * `app.authService`, authenticates the routes registered after it by their prefix or `config.auth`
 * (`installRouteAuth`: `request.user`), and publishes the publishable key in /config.json.
 */
async function authPlugin(app: FastifyInstance): Promise<void> {
  const service = await createAuthService(app);
  app.decorate('authService', service);
  installRouteAuth(app);
  app.decorate('social', new SocialProviders(app.env.social, app.env.NODE_ENV === 'production'));
  app.publicSettings.authPublishableKey = await publishableKey(app);
  service.publishableKey = app.publicSettings.authPublishableKey;
  app.decorate(
    'externalIdentity',
    app.env.SUPABASE_URL ? new ExternalIdentity(app.db, app.clock, { supabaseUrl: app.env.SUPABASE_URL, issuer: app.env.SUPABASE_JWT_ISSUER, publishableKey: app.env.SUPABASE_PUBLISHABLE_KEY }) : null,
  );

  await app.register(
    async (scope) => {
      installAuthErrorHandler(scope);
      // The SPA may live on another subdomain than the auth service; without exposing the version
      // header every error would lose its code in supabase-js.
      await scope.register(cors, {
        origin: true,
        credentials: false,
        allowedHeaders: ['authorization', 'content-type', 'x-client-info', 'x-supabase-api-version', 'apikey', 'x-request-id'],
        exposedHeaders: ['x-supabase-api-version', 'x-sb-error-code', 'retry-after', 'x-request-id'],
        methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
        maxAge: 600,
      });
      // supabase-js sends Content-Type: application/json on every non-GET request, including a
      // bodyless DELETE and POST /logout; an empty body is no body, not a parse error.
      scope.removeContentTypeParser('application/json');
      scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
        const text = typeof body === 'string' ? body : body.toString('utf8');
        if (text.trim() === '') return done(null, undefined);
        // Refused before parsing, as on every other route (server/http/hostile-input.ts).
        if (jsonNestingExceeds(text)) return done(new AuthApiError(400, 'bad_json', `JSON may nest at most ${MAX_JSON_DEPTH} levels`), undefined);
        try {
          done(null, JSON.parse(text));
        } catch {
          done(new AuthApiError(400, 'bad_json', 'Could not parse request body as JSON'), undefined);
        }
      });
      await scope.register(keysRoutes);
      await scope.register(otpRoutes);
      await scope.register(challengeRoutes, { priceWork: (request, query) => priceChallenge(service, request.ip, query.country ?? null) });
      await scope.register(tokenRoutes);
      await scope.register(userRoutes);
      await scope.register(factorsRoutes);
      await scope.register(emailConfirmationRoutes);
      await scope.register(passkeyRoutes);
    },
    { prefix: '/auth/v1' },
  );
}

/** `sb_publishable_…`, generated on first start and kept in the database (it is public). */
async function publishableKey(app: FastifyInstance): Promise<string> {
  const candidate = `sb_publishable_${randomBytes(18).toString('base64url')}`;
  await app.db
    .insertInto('auth_settings')
    .values({ name: 'publishable_key', value: candidate })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const row = await app.db.selectFrom('auth_settings').select('value').where('name', '=', 'publishable_key').executeTakeFirstOrThrow();
  return row.value;
}

// Not encapsulated: `app.authService` and `app.externalIdentity` reach the capabilities that name 'auth'.
export default fp(authPlugin, { name: 'auth', fastify: '5.x', dependencies: ['env', 'database', 'clock', 'hit-counter'] });
