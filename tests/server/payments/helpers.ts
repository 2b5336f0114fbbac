import type { FastifyInstance } from 'fastify';
import { signAccessToken } from '../../../server/auth/tokens';
import { findAuthUserById } from '../../../server/auth/users';
import { setKycStatus } from '../../../server/api/profiles';
import { createUser, type TestUser } from '../onboarding/users';

/** The local provider's test cards the payment tests pay with (server/payments/cards.ts testCards). */
export const cards = {
  good: '4242 4242 4242 4242',
  /** Accepted at checkout, declined when charged (the trial-end charge fails). */
  failsLater: '4000000000000341',
} as const;

/** A signed-in user whose identity check passed (profiles.kyc_status = VALIDATED). */
export async function createValidatedUser(app: FastifyInstance): Promise<TestUser> {
  const user = await createUser(app);
  await setKycStatus(app.db, user.id, 'VALIDATED');
  return user;
}

/** Asks for a local checkout session and returns the hosted page's path (/checkout/<id>). */
export async function startCheckout(app: FastifyInstance, user: TestUser, query = 'locale=en&interval=yearly&plan=business&currency=EUR'): Promise<string> {
  const response = await app.inject({ method: 'GET', url: `/v2/user/subscription/stripe/checkout-session?${query}`, headers: user.headers });
  if (response.statusCode !== 200) throw new Error(`checkout-session answered ${response.statusCode}: ${response.body}`);
  return new URL((response.json() as { url: string }).url).pathname;
}

export function payForm(number: string, expiry = '12/34', cvc = '123'): { payload: string; headers: Record<string, string> } {
  return {
    payload: new URLSearchParams({ name: 'Ada Lovelace', number, expiry, cvc }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  };
}

/** A fresh access token for the user's session at the app clock's current time (tests move the clock by days). */
export async function freshHeaders(app: FastifyInstance, userId: string): Promise<{ authorization: string }> {
  const session = await app.db.selectFrom('auth_sessions').select('id').where('user_id', '=', userId).executeTakeFirstOrThrow();
  const user = await findAuthUserById(app.db, userId);
  if (!user) throw new Error('user vanished');
  const now = app.clock.now();
  // Keep the session alive at the moved clock, as a refresh would.
  await app.db.updateTable('auth_sessions').set({ refreshed_at: now }).where('id', '=', session.id).execute();
  const { token } = await signAccessToken(app.authService.keys, {
    issuer: app.authService.issuer,
    now,
    expiresInSeconds: 3600,
    user,
    session: { id: session.id, aal: 'aal1', amr: [{ method: 'otp', timestamp: Math.floor(now.getTime() / 1000) }] },
  });
  return { authorization: `Bearer ${token}` };
}
