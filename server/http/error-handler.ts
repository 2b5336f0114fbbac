import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { activeTraceId } from '../observability/tracing';
import { HttpError } from './errors';

/**
 * One error body for the product API: `{ code, message }`. Validation failures list their issues;
 * server faults never leak their details. Capabilities with their own wire format (the auth service)
 * set their own handler inside their plugin scope.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({
        code: error.code,
        message: error.message,
        ...(error.details === undefined ? {} : { details: error.details }),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send({
        code: 'VALIDATION_FAILED',
        message: 'The request is not valid',
        details: error.validation.map((issue) => ({
          path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
          message: issue.message,
        })),
      });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ code: 'RATE_LIMITED', message: 'Too many requests, try again later' });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, wrong content type) keep their code.
      return reply.status(status).send({ code: error.code ?? 'BAD_REQUEST', message: error.message });
    }
    // The reference finds the log line (and, with tracing on, the trace): nothing of the fault itself.
    const reference = activeTraceId() ?? request.id;
    request.log.error({ err: error, reference }, 'request failed');
    return reply.status(500).send({ code: 'INTERNAL_ERROR', message: 'Something went wrong', reference });
  });
}

/**
 * The handler as a named plugin. Capabilities depend on it: a plugin context takes its parent's error
 * handler when it is registered, so one registered before it would answer Fastify's default body.
 */
export default fp(async (app: FastifyInstance) => installErrorHandler(app), { name: 'error-handler', fastify: '5.x' });
