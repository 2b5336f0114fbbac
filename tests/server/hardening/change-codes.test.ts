import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_METADATA_MAX_BYTES } from '../../../server/auth/user-metadata';
import { buildTestApp, manualClock } from '../../helpers/app';

/**
 * #25 findings 3, 9 and 12 on PGlite and Postgres: a code or link that proves an address for an
 * account never opens that account's session for whoever reads the inbox or phone; an address typed
 * at sign-up is kept even when its message waits for the cooldown; what a person keeps in the
 * session stays small enough for every browser's header limits.
 */
describe('change codes and what a session carries', () => {
  const clock = manualClock(new Date('2026-07-01T09:00:00Z'));
  let app: FastifyInstance;
  let visitor = 0;
  const from = () => `198.51.100.${(visitor++ % 250) + 1}`;
  beforeAll(async () => {
    app = await buildTestApp({ clock });
  });
  afterAll(() => app.close());

  const messages = async (recipient: string) =>
    (await app.inject({ method: 'GET', url: `/dev/outbox.json?recipient=${encodeURIComponent(recipient)}` })).json<{ messages: { code: string; body: string }[] }>().messages;

  async function signedIn(phone: string) {
    clock.advance(1000);
    const address = from();
    await app.inject({ method: 'POST', url: '/auth/v1/otp', remoteAddress: address, payload: { phone } });
    const code = (await messages(phone))[0]!.code;
    const session = await app.inject({ method: 'POST', url: '/auth/v1/verify', remoteAddress: address, payload: { type: 'sms', phone, token: code } });
    return session.json<{ access_token: string; refresh_token: string; user: { id: string } }>();
  }

  const putUser = (token: string, payload: Record<string, unknown>) =>
    app.inject({ method: 'PUT', url: '/auth/v1/user', remoteAddress: from(), headers: { authorization: `Bearer ${token}` }, payload });

  it("the email-confirmation code and link prove the address and start no session (finding 3)", async () => {
    const owner = await signedIn('+33611160001');
    const typed = 'typed.by.mistake@ringwise-company.fr';
    expect((await putUser(owner.access_token, { email: typed })).statusCode).toBe(200);
    const [message] = await messages(typed);
    const link = /token=([\w-]+)/.exec(message!.body)![1]!;

    // The link's token at the sign-in link route: refused (it was not sent for a sign-in).
    const viaSignIn = await app.inject({ method: 'GET', url: `/auth/v1/verify?token=${link}&type=magiclink` });
    expect(viaSignIn.statusCode).toBe(303);
    expect(viaSignIn.headers.location).not.toContain('access_token');
    expect(viaSignIn.headers.location).toContain('error_code=otp_expired');

    // The 6-digit code through POST /verify: the address is proven, but no tokens come back.
    const verified = await app.inject({ method: 'POST', url: '/auth/v1/verify', remoteAddress: from(), payload: { type: 'email_change', email: typed, token: message!.code } });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).not.toHaveProperty('access_token');
    expect(verified.json()).not.toHaveProperty('refresh_token');
    expect(verified.json()).toMatchObject({ id: owner.user.id, email: typed });
    // The owner's own session sees the address at its next refresh.
    const refreshed = await app.inject({ method: 'POST', url: '/auth/v1/token?grant_type=refresh_token', remoteAddress: from(), payload: { refresh_token: owner.refresh_token } });
    expect(refreshed.json()).toMatchObject({ user: { email: typed } });
  });

  it('a phone-change code proves the number for the account that asked, without a session for the phone holder', async () => {
    const owner = await signedIn('+33611160002');
    const typed = '+33611160099';
    expect((await putUser(owner.access_token, { phone: typed })).statusCode).toBe(200);
    const code = (await messages(typed))[0]!.code;
    const verified = await app.inject({ method: 'POST', url: '/auth/v1/verify', remoteAddress: from(), payload: { type: 'phone_change', phone: typed, token: code } });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).not.toHaveProperty('access_token');
    expect(verified.json()).toMatchObject({ id: owner.user.id, phone: typed.slice(1) });
  });

  it('an email typed at a second sign-up within the cooldown is kept as that account\'s claim, and the answer says when its code can go (finding 12, #34.4)', async () => {
    const email = 'shared.inbox@ringwise-company.fr';
    const first = await signedIn('+33611160003');
    const second = await signedIn('+33611160004');
    const sent = await putUser(first.access_token, { email });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).not.toHaveProperty('email_change_retry_after');
    // Not a 429 the page reads as "nothing happened": the user, its claim, and the wait.
    const held = await putUser(second.access_token, { email });
    expect(held.statusCode).toBe(200);
    expect(held.json()).toMatchObject({ id: second.user.id, new_email: email, email_change_retry_after: expect.any(Number) });
    const wait = held.json<{ email_change_retry_after: number }>().email_change_retry_after;
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await messages(email)).toHaveLength(1);
    const claims = await app.db.selectFrom('auth_users').select('new_email').where('id', 'in', [first.user.id, second.user.id]).execute();
    expect(claims.map((row) => row.new_email)).toEqual([email, email]);
    // When the wait is over, asking again sends this account's own proof.
    clock.advance(wait * 1000);
    const later = await putUser(second.access_token, { email });
    expect(later.statusCode).toBe(200);
    expect(later.json()).not.toHaveProperty('email_change_retry_after');
    expect(await messages(email)).toHaveLength(2);
  });

  it(`user_metadata is bounded to ${USER_METADATA_MAX_BYTES} bytes, keeping the session under 8 KB (finding 9)`, async () => {
    const owner = await signedIn('+33611160005');
    const tooBig = await putUser(owner.access_token, { data: { note: 'x'.repeat(USER_METADATA_MAX_BYTES) } });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json()).toMatchObject({ error_code: 'validation_failed' });
    // The most a person may keep, then the session a browser would store in its cookie.
    const fits = await putUser(owner.access_token, { data: { note: 'x'.repeat(USER_METADATA_MAX_BYTES - 40) } });
    expect(fits.statusCode).toBe(200);
    const refreshed = await app.inject({ method: 'POST', url: '/auth/v1/token?grant_type=refresh_token', remoteAddress: from(), payload: { refresh_token: owner.refresh_token } });
    expect(refreshed.statusCode).toBe(200);
    const cookieValue = `base64-${Buffer.from(refreshed.body).toString('base64url')}`;
    expect(cookieValue.length).toBeLessThan(8 * 1024);
    // A sign-up's own metadata is held to the same bound.
    const signup = await app.inject({ method: 'POST', url: '/auth/v1/otp', remoteAddress: from(), payload: { phone: '+33611160006', data: { note: 'x'.repeat(2000) } } });
    expect(signup.statusCode).toBe(400);
  });
});
