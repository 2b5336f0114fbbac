import { exportPKCS8, exportSPKI, generateKeyPair, importSPKI, jwtVerify } from 'jose';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appleClientSecret } from '../../../server/auth/social/apple-secret';
import { startIdentityProvider, type RunningIdentityProvider } from '../../../server/dev/identity-provider';
import { buildTestApp } from '../../helpers/app';
import { freePort, TestBrowser } from './social-harness';

/**
 * The Apple path (#35.1): `form_post` back to POST /callback, the token request authenticated in the
 * body (client_secret_post) with the client secret JWT, no PKCE toward Apple, the nonce checked.
 * An oidc-provider that behaves as Apple does toward its clients stands in for appleid.apple.com.
 */
let app: FastifyInstance;
let idp: RunningIdentityProvider;
let url: string;

beforeAll(async () => {
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  idp = await startIdentityProvider({ redirectUris: [`${url}/auth/v1/callback`], appleLike: true, clientId: 'com.ringwise.web', secret: 'a-client-secret-jwt-made-beforehand',
    // Apple puts no name in its ID token: it comes once, in the form's `user` field.
    accounts: [{ id: 'ada', email: 'ada.verified@example.com', emailVerified: true, name: '' }] });
  app = await buildTestApp({
    env: { PUBLIC_URL: url, EXTERNAL_APPLE_CLIENT_ID: 'com.ringwise.web', EXTERNAL_APPLE_SECRET: 'a-client-secret-jwt-made-beforehand', EXTERNAL_APPLE_ISSUER: idp.issuer } as never,
  });
  await app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => {
  await app?.close();
  await idp?.close();
});

describe('Sign in with Apple', () => {
  it('asks for form_post without PKCE, and signs in from the POSTed callback', async () => {
    const browser = new TestBrowser();
    const started = await browser.request(`${url}/auth/v1/authorize?${new URLSearchParams({ provider: 'apple', redirect_to: `${url}/en/start` })}`);
    expect(started.status).toBe(302);
    const toApple = new URL(started.headers.get('location')!);
    expect(toApple.searchParams.get('response_mode')).toBe('form_post');
    expect(toApple.searchParams.get('code_challenge')).toBeNull();
    expect(toApple.searchParams.get('nonce')).toBeTruthy();
    const atLogin = await browser.follow(toApple.href, () => false);
    // Apple answers with a page whose form POSTs code and state to the callback.
    const posted = await browser.follow(`${atLogin.url.origin}${atLogin.url.pathname}/login`, () => false, { form: { account: 'ada' } });
    const page = await posted.response!.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    expect(action).toBe(`${url}/auth/v1/callback`);
    const fields = Object.fromEntries([...page.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)].map((match) => [match[1]!, match[2]!]));
    expect(fields.code).toBeTruthy();
    const back = await browser.request(action!, { form: { ...fields, user: JSON.stringify({ name: { firstName: 'Ada', lastName: 'Lovelace' } }) } });
    expect(back.status).toBe(302);
    const fragment = new URLSearchParams(new URL(back.headers.get('location')!).hash.slice(1));
    const token = fragment.get('access_token');
    expect(token).toBeTruthy();
    const user = (await (await fetch(`${url}/auth/v1/user`, { headers: { authorization: `Bearer ${token}` } })).json()) as { email: string; identities: { provider: string }[]; user_metadata: Record<string, unknown> };
    expect(user.email).toBe('ada.verified@example.com');
    expect(user.identities.map((identity) => identity.provider)).toContain('apple');
    expect(user.user_metadata.full_name).toBe('Ada Lovelace');
  });
});

describe("Apple's client secret JWT", () => {
  it('is signed ES256 with the team key: issuer the team, subject the Services ID, audience Apple, at most a week', async () => {
    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
    const now = new Date();
    const secret = await appleClientSecret({ name: 'apple', kind: 'apple', issuer: 'https://appleid.apple.com', clientId: 'com.ringwise.web', appleKey: { teamId: 'TEAM123', keyId: 'KEY456', privateKey: await exportPKCS8(privateKey) } }, now);
    const { payload, protectedHeader } = await jwtVerify(secret, await importSPKI(await exportSPKI(publicKey), 'ES256'), { issuer: 'TEAM123', audience: 'https://appleid.apple.com', subject: 'com.ringwise.web' });
    expect(protectedHeader).toMatchObject({ alg: 'ES256', kid: 'KEY456' });
    expect(payload.exp! - payload.iat!).toBeLessThanOrEqual(7 * 24 * 3600);
  });
});
