import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors';
import { spendLookup } from '../rate-limits/lookup-budget';

/**
 * Spends one from the lookup budget before a product route answers a question that can tell whether
 * an email or a phone has an account (server/rate-limits/lookup-budget.ts); over it, 429 RATE_LIMITED
 * with Retry-After, whatever the answer would have been.
 */
export async function spendProductLookup(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, userId: string | null): Promise<void> {
  const wait = await spendLookup(app, { ip: request.ip, userId });
  if (wait === 0) return;
  reply.header('retry-after', String(wait));
  throw new HttpError(429, 'RATE_LIMITED', 'Too many requests, try again later');
}
