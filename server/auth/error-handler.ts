import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AuthApiError } from './errors';

export const API_VERSION = '2024-01-01';

/** supabase-js sends X-Supabase-Api-Version; any date from 2024-01-01 on gets the new error body. */
function wantsVersioned(request: FastifyRequest): boolean {
  const header = request.headers['x-supabase-api-version'];
  return typeof header === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(header) && header >= API_VERSION;
}

export function sendAuthError(request: FastifyRequest, reply: FastifyReply, error: AuthApiError) {
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  reply.header('x-sb-error-code', error.errorCode);
  if (wantsVersioned(request)) {
    reply.header('x-supabase-api-version', API_VERSION);
    return reply.status(error.status).send({ code: error.errorCode, message: error.message });
  }
  return reply.status(error.status).send({ code: error.status, error_code: error.errorCode, msg: error.message });
}

/** The GoTrue error format for everything under /auth/v1 (see ../shared gotrue contract §1). */
export function installAuthErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AuthApiError) return sendAuthError(request, reply, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const where = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'request';
      return sendAuthError(request, reply, new AuthApiError(400, 'validation_failed', `Invalid ${where}: ${first?.message ?? 'not valid'}`));
    }
    const status = error.statusCode ?? 500;
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (status === 400 && /JSON/i.test(error.message))) {
      return sendAuthError(request, reply, new AuthApiError(400, 'bad_json', 'Could not parse request body as JSON'));
    }
    if (status === 413) return sendAuthError(request, reply, new AuthApiError(413, 'request_entity_too_large', 'Request body too large'));
    if (status === 429) return sendAuthError(request, reply, new AuthApiError(429, 'over_request_rate_limit', 'Request rate limit reached'));
    if (status >= 400 && status < 500) return sendAuthError(request, reply, new AuthApiError(status, 'validation_failed', error.message));
    request.log.error({ err: error }, 'auth request failed');
    return sendAuthError(request, reply, new AuthApiError(500, 'unexpected_failure', 'Unexpected failure'));
  });
}
