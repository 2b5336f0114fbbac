import type { FastifyInstance } from 'fastify';
import { signAccessToken } from '../../../server/auth/tokens';
import { findAuthUserById } from '../../../server/auth/users';

export interface TestUser {
  id: string;
  token: string;
  headers: { authorization: string };
}

let counter = 0;

/**
 * A real auth user with a live session and an access token signed by the auth service's own keys,
 * so requests go through the real `requireUser` (signature, session, user checks).
 */
export async function createUser(
  app: FastifyInstance,
  options: { email?: string | null; phone?: string | null; phoneConfirmed?: boolean; anonymous?: boolean } = {},
): Promise<TestUser> {
  counter += 1;
  const now = app.clock.now();
  const email = options.email === undefined ? `user${counter}-${Date.now()}@acme-widgets.com` : options.email;
  const inserted = await app.db
    .insertInto('auth_users')
    .values({
      email,
      phone: options.phone ?? null,
      is_anonymous: options.anonymous ?? false,
      email_confirmed_at: email ? now : null,
      phone_confirmed_at: options.phone && options.phoneConfirmed ? now : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const session = await app.db
    .insertInto('auth_sessions')
    .values({ user_id: inserted.id, created_at: now, refreshed_at: now })
    .returning(['id'])
    .executeTakeFirstOrThrow();
  const user = await findAuthUserById(app.db, inserted.id);
  if (!user) throw new Error('user vanished');
  const { token } = await signAccessToken(app.authService.keys, {
    issuer: app.authService.issuer,
    now,
    expiresInSeconds: 3600,
    user,
    session: { id: session.id, aal: 'aal1', amr: [{ method: 'otp', timestamp: Math.floor(now.getTime() / 1000) }] },
  });
  return { id: inserted.id, token, headers: { authorization: `Bearer ${token}` } };
}
