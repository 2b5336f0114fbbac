import type { FastifyInstance, RouteOptions } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { routeAuth, userPrefixes } from '../../../server/auth/require-user';
import { parseEnv } from '../../../server/config/env';
import { createTestDatabase } from '../../helpers/database';
import { roomyLimits } from '../../helpers/roomy-limits';

// Authentication is decided per prefix (server/auth/require-user.ts): a product API route needs a
// signed-in user unless it says otherwise. This list is every exception; a new public route under
// /v1, /v2 or /functions/v1 must be added here on purpose.
const declared = ['GET /v1/email-kind public', 'GET /v1/subscription/plans public', 'POST /v1/bookings public', 'POST /v1/signup/check optional'];

describe('route authentication per prefix', () => {
  let app: FastifyInstance;
  const routes: RouteOptions[] = [];
  beforeAll(async () => {
    const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...roomyLimits });
    app = await buildApp({ env, database: await createTestDatabase(), ownsDatabase: true, logger: pino({ level: 'silent' }), onRoute: (route) => routes.push(route) });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it('reads the route, then its prefix', () => {
    expect(routeAuth({ url: '/v1/anything' })).toBe('user');
    expect(routeAuth({ url: '/functions/v1/x' })).toBe('user');
    expect(routeAuth({ url: '/v1/x', config: { auth: 'public' } })).toBe('public');
    expect(routeAuth({ url: '/greetings' })).toBe('public');
    expect(routeAuth({ url: '/v10/x' })).toBe('public');
  });

  it('lets in without a user only the declared product API routes', async () => {
    const product = routes.filter((route) => route.method !== 'HEAD' && userPrefixes.some((prefix) => route.url.startsWith(prefix)));
    const exceptions = product.map((route) => `${String(route.method)} ${route.url} ${routeAuth(route)}`).filter((line) => !line.endsWith(' user'));
    expect(exceptions.sort()).toEqual(declared);
    // And the others answer 401 without a token (those with no body or query to validate first).
    const inputless = (route: RouteOptions) => !route.schema?.body && !route.schema?.querystring;
    const bodiless = product.filter((route) => routeAuth(route) === 'user' && inputless(route));
    expect(bodiless.length).toBeGreaterThan(4);
    for (const route of bodiless) {
      const answer = await app.inject({ method: route.method as 'GET', url: route.url });
      expect(`${String(route.method)} ${route.url} ${answer.statusCode}`).toBe(`${String(route.method)} ${route.url} 401`);
    }
  });

  it('still validates the body before it asks for the token (a 400 stays a 400)', async () => {
    const answer = await app.inject({ method: 'PATCH', url: '/v1/business', payload: { crm: 12 } });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const without = await app.inject({ method: 'PATCH', url: '/v1/business', payload: {} });
    expect(without.json()).toEqual({ code: 'UNAUTHORIZED', message: 'Authentication required' });
  });

  it('refuses a token that is not one of ours with INVALID_TOKEN, as before', async () => {
    const answer = await app.inject({ method: 'GET', url: '/v1/subscription', headers: { authorization: 'Bearer a.b.c' } });
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toEqual({ code: 'INVALID_TOKEN', message: 'The access token is not valid' });
  });
});
