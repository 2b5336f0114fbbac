import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeClaims } from '../../../core/token-claims';
import { refreshIfStale } from '../../../src/platform/session/fresh-session';
import { startAuthHarness, type AuthHarness } from './harness';

describe('refreshIfStale (the SPA before the identity check) against the auth service', () => {
  let harness: AuthHarness;
  beforeAll(async () => {
    harness = await startAuthHarness();
  });
  afterAll(async () => {
    await harness.close();
  });

  it('keeps a session issued under 120 s ago and renews an older one', async () => {
    const client = harness.client();
    const email = `fresh-${Date.now()}@acme-widgets.com`;
    expect((await client.auth.signInWithOtp({ email })).error).toBeNull();
    const verified = await client.auth.verifyOtp({ email, token: await harness.latestCode(email), type: 'email' });
    expect(verified.error).toBeNull();
    const first = verified.data.session!.access_token;

    harness.clock.advance(119_000);
    expect(await refreshIfStale(client.auth, harness.clock.now().getTime())).toBe(false);
    expect((await client.auth.getSession()).data.session!.access_token).toBe(first);

    harness.clock.advance(2_000);
    expect(await refreshIfStale(client.auth, harness.clock.now().getTime())).toBe(true);
    const renewed = (await client.auth.getSession()).data.session!.access_token;
    expect(renewed).not.toBe(first);
    expect(decodeClaims(renewed).iat).toBe(Math.floor(harness.clock.now().getTime() / 1000));
  });

  it('does nothing without a session', async () => {
    expect(await refreshIfStale(harness.client().auth, harness.clock.now().getTime())).toBe(false);
  });
});
