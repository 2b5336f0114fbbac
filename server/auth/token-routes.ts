import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AuthApiError, validationFailed } from './errors';
import { exchangeFlowState } from './pkce';
import { LIMITS } from './rate-limit';
import { refreshSession, startSession } from './sessions';
import { findAuthUserById } from './users';
import { providerTokens } from './social/provider-tokens';

/** POST /token: `grant_type=refresh_token` (rotation, reuse detection) and `grant_type=pkce`. */
export default async function tokenRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = app.authService;

  r.post(
    '/token',
    {
      schema: {
        querystring: z.object({ grant_type: z.string().optional() }),
        body: z
          .object({
            refresh_token: z.string().max(512).nullish(),
            auth_code: z.string().max(512).nullish(),
            code_verifier: z.string().max(256).nullish(),
          })
          .nullish(),
      },
    },
    async (request) => {
      await service.limit(`token:ip:${request.ip}`, LIMITS.tokenPerIp);
      const body = request.body ?? {};
      switch (request.query.grant_type) {
        case 'refresh_token': {
          if (!body.refresh_token) throw validationFailed('Refresh token is not valid');
          return refreshSession(service, body.refresh_token);
        }
        case 'pkce': {
          if (!body.auth_code || !body.code_verifier) throw validationFailed('invalid request: both auth code and code verifier should be non-empty');
          const flow = await exchangeFlowState(service, body.auth_code, body.code_verifier);
          const user = await findAuthUserById(service.db, flow.user_id);
          if (!user) throw new AuthApiError(404, 'user_not_found', 'User not found');
          const session = await startSession(service, user, {
            method: flow.authentication_method === 'recovery' || flow.authentication_method === 'oauth' ? flow.authentication_method : 'otp',
            ...(flow.provider ? { provider: flow.provider } : {}),
            userAgent: request.headers['user-agent'],
            ip: request.ip,
          });
          return { ...session, ...providerTokens(service, flow) };
        }
        default:
          // GoTrue's own answer (token.go): auth-js maps invalid_credentials, not a code of its own.
          throw new AuthApiError(400, 'invalid_credentials', 'unsupported_grant_type');
      }
    },
  );
}
