import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signInWithProvider, startSocialHarness, TestBrowser, type SocialHarness } from './social-harness';

/** #35.6: a provider's tokens and codes never reach the log, even at trace level. */
const lines: string[] = [];
let harness: SocialHarness;

beforeAll(async () => {
  harness = await startSocialHarness({ logLines: lines });
});
afterAll(async () => harness?.close());

it('no provider token, authorization code, one-time code or session token in any log line', async () => {
  const secrets: string[] = [];
  const implicit = await signInWithProvider(harness, new TestBrowser(), { account: 'ada' });
  const fragment = new URLSearchParams(implicit.hash.slice(1));
  secrets.push(fragment.get('provider_token')!, fragment.get('access_token')!, fragment.get('refresh_token')!);

  const verifier = randomBytes(32).toString('base64url');
  const browser = new TestBrowser();
  const callback = await signInWithProvider(harness, browser, { account: 'grace', pkce: { challenge: createHash('sha256').update(verifier).digest('base64url') }, stopAtCallback: true });
  secrets.push(callback.searchParams.get('code')!);
  const back = new URL((await browser.request(callback.href)).headers.get('location')!);
  const code = back.searchParams.get('code')!;
  secrets.push(code);
  const exchanged = await fetch(`${harness.url}/auth/v1/token?grant_type=pkce`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ auth_code: code, code_verifier: verifier }) });
  const session = (await exchanged.json()) as { provider_token: string; access_token: string };
  secrets.push(session.provider_token, session.access_token);
  // A refused exchange logs its reason, not the code.
  await browser.request(callback.href);

  expect(lines.length).toBeGreaterThan(10);
  const log = lines.join('\n');
  expect(log).toContain('/auth/v1/callback');
  for (const secret of secrets) {
    expect(secret.length).toBeGreaterThan(10);
    const leak = lines.find((line) => line.includes(secret));
    expect(leak, `secret ${secrets.indexOf(secret)} in the log`).toBeUndefined();
  }
});
