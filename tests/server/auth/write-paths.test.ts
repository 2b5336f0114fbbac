import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthHarness, type AuthHarness } from './harness';

/**
 * The write endpoints with fewer statements (#16, decision 704): the code send spends earlier codes
 * in the statement that stores the new one, the refresh reads token, session and user in one locked
 * statement and writes in one, and the factors are read only for a user who has one.
 */
let counter = 0;
const uniquePhone = () => `+3361299${String(1000 + (counter += 1)).padStart(4, '0')}`;

describe('auth write paths', () => {
  let h: AuthHarness;
  beforeAll(async () => {
    h = await startAuthHarness();
  });
  afterAll(async () => h.close());

  const post = (path: string, body: unknown) =>
    fetch(`${h.url}/auth/v1${path}`, { method: 'POST', headers: { apikey: h.key, 'content-type': 'application/json' }, body: JSON.stringify(body) });

  async function signedIn(phone = uniquePhone()) {
    expect((await post('/otp', { phone })).status).toBe(200);
    const response = await post('/verify', { type: 'sms', phone, token: await h.latestCode(phone) });
    expect(response.status).toBe(200);
    return (await response.json()) as { access_token: string; refresh_token: string; user: { id: string; factors?: unknown[] } };
  }

  it('a new code spends the earlier one: only the latest signs in', async () => {
    const phone = uniquePhone();
    expect((await post('/otp', { phone })).status).toBe(200);
    const first = await h.latestCode(phone);
    h.clock.advance(61_000);
    expect((await post('/otp', { phone })).status).toBe(200);
    const second = await h.latestCode(phone);
    if (first !== second) {
      const stale = await post('/verify', { type: 'sms', phone, token: first });
      expect(stale.status).toBe(403);
      expect(await stale.json()).toMatchObject({ error_code: 'otp_expired' });
    }
    expect((await post('/verify', { type: 'sms', phone, token: second })).status).toBe(200);
  });

  it('create_user: false refuses an unknown address and sends to a known one', async () => {
    const phone = uniquePhone();
    const refused = await post('/otp', { phone, create_user: false });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ error_code: 'otp_disabled' });
    await signedIn(phone);
    h.clock.advance(61_000);
    expect((await post('/otp', { phone, create_user: false })).status).toBe(200);
  });

  it('refreshes of one token at the same moment all get a sibling and the session lives on', async () => {
    const session = await signedIn();
    const answers = await Promise.all(Array.from({ length: 6 }, () => post('/token?grant_type=refresh_token', { refresh_token: session.refresh_token })));
    const bodies = (await Promise.all(answers.map((answer) => answer.json()))) as { refresh_token: string; access_token: string; user: { id: string } }[];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(bodies.map((body) => body.refresh_token)).size).toBe(6);
    expect(bodies.every((body) => body.user.id === session.user.id)).toBe(true);
    // Each sibling is live: the family was not revoked.
    const next = await post('/token?grant_type=refresh_token', { refresh_token: bodies[5]!.refresh_token });
    expect(next.status).toBe(200);
    const user = await fetch(`${h.url}/auth/v1/user`, { headers: { apikey: h.key, authorization: `Bearer ${((await next.json()) as { access_token: string }).access_token}` } });
    expect(user.status).toBe(200);
  });

  it('a refresh answers the user with their factors when they have some, without the key when none', async () => {
    const session = await signedIn();
    const plain = await post('/token?grant_type=refresh_token', { refresh_token: session.refresh_token });
    const plainBody = (await plain.json()) as { refresh_token: string; access_token: string; user: Record<string, unknown> };
    expect(plainBody.user).not.toHaveProperty('factors');
    const enrolled = await fetch(`${h.url}/auth/v1/factors`, {
      method: 'POST',
      headers: { apikey: h.key, 'content-type': 'application/json', authorization: `Bearer ${plainBody.access_token}` },
      body: JSON.stringify({ factor_type: 'totp', friendly_name: 'Phone app' }),
    });
    expect(enrolled.status).toBe(200);
    const withFactor = await post('/token?grant_type=refresh_token', { refresh_token: plainBody.refresh_token });
    expect(withFactor.status).toBe(200);
    expect(((await withFactor.json()) as { user: { factors?: { friendly_name: string; status: string }[] } }).user.factors).toEqual([
      expect.objectContaining({ friendly_name: 'Phone app', status: 'unverified' }),
    ]);
  });

  it('a replayed refresh token outside the reuse window ends the session in the same transaction', async () => {
    const session = await signedIn();
    const first = await post('/token?grant_type=refresh_token', { refresh_token: session.refresh_token });
    const successor = ((await first.json()) as { refresh_token: string }).refresh_token;
    h.clock.advance(11_000);
    const replay = await post('/token?grant_type=refresh_token', { refresh_token: session.refresh_token });
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ error_code: 'refresh_token_already_used' });
    const after = await post('/token?grant_type=refresh_token', { refresh_token: successor });
    expect(await after.json()).toMatchObject({ error_code: 'refresh_token_not_found' });
  });

  it('a sign-in writes its session, first refresh token and last sign-in together, under time-ordered ids; the used code frees the send slot at once (#29)', async () => {
    const phone = uniquePhone();
    const first = await signedIn(phone);
    const second = await signedIn();
    // UUID version 7: the first 48 bits are milliseconds, so a later user sorts after an earlier one.
    expect(first.user.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(second.user.id > first.user.id).toBe(true);
    expect((first.user as { last_sign_in_at?: string }).last_sign_in_at).toBeTruthy();
    const refreshed = await post('/token?grant_type=refresh_token', { refresh_token: first.refresh_token });
    expect(refreshed.status).toBe(200);
    // No clock advance: the verify freed the 60 s slot in the statement that spent the code.
    expect((await post('/otp', { phone })).status).toBe(200);
  });
});
