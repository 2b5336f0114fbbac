import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { Aal } from '../../core/assurance';
import { HttpError } from '../http/errors';
import { readBearer } from './bearer';
import { assuranceOf, secondStepMissing } from './assurance';
import { AuthApiError } from './errors';
import type { ExternalIdentity } from './external-identity';

/** Who is calling a product API route, from their Supabase access token. */
export interface AuthUser {
  id: string;
  email: string | null;
  /** E.164, with '+'. */
  phone: string | null;
  isAnonymous: boolean;
  sessionId: string;
  aal: Aal;
  /**
   * Whether email and phone are confirmed, when the user's own row was read to authenticate (our
   * auth service): the product API then needs no second read of it. Absent with SUPABASE_URL.
   */
  confirmed?: { email: boolean; phone: boolean };
}

/**
 * The signed-in user (routes get it as `request.user` through `installRouteAuth`), or HttpError 401 — `UNAUTHORIZED` when there is no
 * bearer token, `INVALID_TOKEN` when it is not a live access token of this service (bad signature,
 * wrong algorithm or key, expired, session signed out or timed out, user deleted or being erased: the
 * erasure's mark, server/auth/service.ts). With SUPABASE_URL
 * the project's tokens are checked instead (ExternalIdentity), and 503 AUTH_UNAVAILABLE when its keys
 * cannot be fetched.
 *
 * A user with a verified factor must have completed the second step: their aal1 token (the first
 * factor alone) is refused with 403 `insufficient_aal`, as a Supabase project's RLS on `aal` does.
 * The auth service's own routes (/auth/v1/*) do not call this, so the step can still be completed.
 */
export async function requireUser(request: FastifyRequest): Promise<AuthUser> {
  const external = request.server.externalIdentity;
  if (external) {
    const token = readBearer(request.headers.authorization);
    if (!token) throw new HttpError(401, 'UNAUTHORIZED', 'Authentication required');
    return external.authenticate(token);
  }
  const service = request.server.authService;
  try {
    const auth = await service.authenticate(request);
    const { user, session } = auth;
    if (secondStepMissing(auth)) throw new HttpError(403, 'insufficient_aal', 'AAL2 session is required');
    return {
      id: user.id,
      email: user.email,
      phone: user.phone,
      isAnonymous: user.is_anonymous,
      sessionId: session.id,
      aal: assuranceOf(auth),
      confirmed: { email: user.email_confirmed_at !== null, phone: user.phone_confirmed_at !== null },
    };
  } catch (error) {
    if (error instanceof AuthApiError) {
      if (error.errorCode === 'no_authorization') throw new HttpError(401, 'UNAUTHORIZED', 'Authentication required');
      throw new HttpError(401, 'INVALID_TOKEN', 'The access token is not valid');
    }
    throw error;
  }
}

/**
 * Like requireUser, but null when no Authorization header (or the publishable key) is sent. A bad
 * token is still a 401.
 */
export async function optionalUser(request: FastifyRequest): Promise<AuthUser | null> {
  const header = request.headers.authorization;
  if (!header) return null;
  // Supabase clients send the publishable key as the Bearer when nobody is signed in.
  const publishable = request.server.externalIdentity ? request.server.env.SUPABASE_PUBLISHABLE_KEY : request.server.authService.publishableKey;
  if (publishable && header === `Bearer ${publishable}`) return null;
  return requireUser(request);
}

/**
 * Who may call a route: `user` a signed-in person (with the second step done once they have a
 * factor, the one assurance rule in ./assurance.ts), `optional` a person when a token is sent (a bad
 * token is still refused), `public` anyone.
 */
export type RouteAuth = 'user' | 'optional' | 'public';

/** The product API's prefixes: their routes need a signed-in user unless they declare `config.auth`. */
export const userPrefixes = ['/v1/', '/v2/', '/functions/v1/'] as const;

/** A route's access: what it declares, else `user` under the product API's prefixes, else `public`. */
export function routeAuth(route: { url: string; config?: { auth?: RouteAuth } }): RouteAuth {
  return route.config?.auth ?? (userPrefixes.some((prefix) => route.url.startsWith(prefix)) ? 'user' : 'public');
}

async function authenticate(request: FastifyRequest): Promise<void> {
  request.user = await requireUser(request);
}

async function authenticateIfSent(request: FastifyRequest): Promise<void> {
  request.user = await optionalUser(request);
}

/**
 * Authentication decided once, per prefix (#27): every route registered after this gets, by its
 * `routeAuth`, a preHandler that sets `request.user` or answers 401/403 as `requireUser` does. A
 * preHandler, not onRequest, so a malformed body is still a 400 before the token is looked at, as
 * when each handler authenticated itself. Public routes get no hook and pay nothing.
 */
export function installRouteAuth(app: FastifyInstance): void {
  app.decorateRequest('user', null);
  app.addHook('onRoute', (route: RouteOptions) => {
    const auth = routeAuth(route);
    if (auth === 'public') return;
    const own = route.preHandler === undefined ? [] : Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler];
    route.preHandler = [auth === 'user' ? authenticate : authenticateIfSent, ...own];
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Set when SUPABASE_URL points the SPA at a real Supabase project: its tokens, not ours. */
    externalIdentity: ExternalIdentity | null;
  }
  interface FastifyRequest {
    /** The caller, set before the handler on routes whose `routeAuth` is `user` (never null there) or `optional`. */
    user: AuthUser | null;
  }
  interface FastifyContextConfig {
    /** Who may call the route (`routeAuth`): needed only to differ from its prefix's rule. */
    auth?: RouteAuth;
  }
}
