import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../../server/config/env';
import { startAuthHarness, type AuthHarness } from './harness';

/** What the ALTCHA widget does in the browser: fetch a challenge, solve it, hand back the base64 payload. */
async function solvedToken(h: AuthHarness, query = ''): Promise<{ token: string; challenge: Challenge }> {
  const response = await fetch(`${h.url}/auth/v1/captcha/challenge${query}`);
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-store');
  const challenge = (await response.json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  const token = Buffer.from(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution })).toString('base64');
  return { token, challenge };
}

async function post(h: AuthHarness, path: string, body: Record<string, unknown>) {
  const response = await fetch(`${h.url}/auth/v1${path}`, {
    method: 'POST',
    headers: { apikey: h.key, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { code?: string; message?: string } };
}

const withToken = (token: string | undefined) => ({ gotrue_meta_security: { captcha_token: token } });

describe('captcha: ALTCHA proof of work on the code sends', () => {
  let h: AuthHarness;
  beforeAll(async () => {
    h = await startAuthHarness({ env: { CAPTCHA_PROVIDER: 'altcha' } });
  });
  afterAll(async () => h.close());

  it('publishes the provider and serves a signed challenge with no secret in it', async () => {
    const config = (await (await fetch(`${h.url}/config.json`)).json()) as { captcha: unknown };
    expect(config.captcha).toEqual({ provider: 'altcha' });
    const { challenge } = await solvedToken(h);
    expect(challenge.parameters).toMatchObject({ algorithm: 'SHA-256', cost: 1, data: { scope: 'auth', maxNumber: 100_000, level: 0 } });
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters.keySignature).toMatch(/^[0-9a-f]{64}$/);
  });

  it('supabase-js signInWithOtp with a solved captcha sends the code; the same token again is refused', async () => {
    const { token } = await solvedToken(h);
    const phone = '+33611110001';
    const sent = await h.client().auth.signInWithOtp({ phone, options: { captchaToken: token } });
    expect(sent.error).toBeNull();
    expect(await h.outbox(phone)).toHaveLength(1);
    const replay = await h.client().auth.signInWithOtp({ phone: '+33611110002', options: { captchaToken: token } });
    expect(replay.error).toMatchObject({ status: 400, code: 'captcha_failed', message: 'captcha protection: request disallowed (already used)' });
    expect(await h.outbox('+33611110002')).toHaveLength(0);
  });

  it('refuses a missing, malformed, forged or re-priced token, before anything is sent', async () => {
    const phone = '+33611110003';
    expect((await post(h, '/otp', { phone })).body).toMatchObject({ code: 'captcha_failed', message: 'captcha protection: request disallowed (missing)' });
    expect((await post(h, '/otp', { phone, ...withToken('not base64 json') })).body.message).toContain('(malformed)');
    const { token, challenge } = await solvedToken(h);
    const payload = JSON.parse(Buffer.from(token, 'base64').toString()) as { challenge: Challenge; solution: { counter: number; derivedKey: string } };
    // A client that lowers its price: the signature covers the data.
    const cheaper = { ...payload, challenge: { ...payload.challenge, parameters: { ...challenge.parameters, data: { ...challenge.parameters.data, maxNumber: 10 } } } };
    expect((await post(h, '/otp', { phone, ...withToken(Buffer.from(JSON.stringify(cheaper)).toString('base64')) })).body.message).toContain('(forged)');
    // A wrong answer to a real challenge (the key is what proves the work: it is checked against its signature).
    const key = payload.solution.derivedKey;
    const wrong = { ...payload, solution: { ...payload.solution, derivedKey: `${key.slice(0, -1)}${key.endsWith('0') ? '1' : '0'}` } };
    expect((await post(h, '/otp', { phone, ...withToken(Buffer.from(JSON.stringify(wrong)).toString('base64')) })).body.message).toContain('(forged)');
    expect(await h.outbox(phone)).toHaveLength(0);
    // The good payload was never spent by those refusals.
    expect((await post(h, '/otp', { phone, ...withToken(token) })).status).toBe(200);
  });

  it('refuses a challenge past its 10 minutes by the server clock', async () => {
    const { token } = await solvedToken(h);
    h.clock.advance(10 * 60_000 + 1000);
    expect((await post(h, '/otp', { phone: '+33611110004', ...withToken(token) })).body.message).toContain('(expired)');
  });

  it('is required on /signup, /resend and /recover, never on /verify', async () => {
    expect((await post(h, '/signup', {})).body.code).toBe('captcha_failed');
    expect((await post(h, '/resend', { type: 'sms', phone: '+33611110005' })).body.code).toBe('captcha_failed');
    expect((await post(h, '/recover', { email: 'nobody@example.com' })).body.code).toBe('captcha_failed');
    expect((await post(h, '/signup', withToken((await solvedToken(h)).token))).status).toBe(200);
    expect((await post(h, '/recover', { email: 'nobody@example.com', ...withToken((await solvedToken(h)).token) })).status).toBe(200);
    const phone = '+33611110006';
    await post(h, '/otp', { phone, ...withToken((await solvedToken(h)).token) });
    const [message] = await h.outbox(phone);
    expect((await post(h, '/verify', { type: 'sms', phone, token: message?.code })).status).toBe(200);
  });

  it('of six concurrent spends of one token, exactly one gets through', async () => {
    const { token } = await solvedToken(h);
    const answers = await Promise.all(Array.from({ length: 6 }, (_, index) => post(h, '/otp', { phone: `+3361111002${index}`, ...withToken(token) })));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.body.message?.includes('(already used)'))).toHaveLength(5);
  });

  it('a token solved for another scope (a greeting) does not buy a code', async () => {
    const challenge = await h.app.captcha.issueWork({ scope: 'greetings', maxNumber: 1000 });
    const solution = await solveChallenge({ challenge, deriveKey });
    const token = Buffer.from(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution })).toString('base64');
    expect((await post(h, '/otp', { phone: '+33611110007', ...withToken(token) })).body.message).toContain('(wrong scope)');
  });
});

describe('captcha: the work a text costs rises with pressure', () => {
  // The doubling rule, not the price: the base is a hundredth of the product's, so the 16 solves
  // cost ~20,000 tries, not ~2 M (the product's price is proved by the describe above and by
  // send-budgets).
  const base = 1_000;
  let h: AuthHarness;
  beforeAll(async () => {
    h = await startAuthHarness({ env: { CAPTCHA_PROVIDER: 'altcha', CAPTCHA_SEND_WORK: String(base) } });
  });
  afterAll(async () => h.close());

  it('a challenge fetched for a quiet moment does not buy a text to a country under attack; one priced for it does', async () => {
    // 200 unproven texts to France this hour (a botnet's): France's work is four times the base.
    for (let n = 0; n < 200; n += 1) await h.app.authService.limiter.count('sms:country:FR', 100_000, 60 * 60_000);
    const cheap = await solvedToken(h);
    expect(cheap.challenge.parameters.data).toMatchObject({ level: 0, maxNumber: base });
    const refused = await post(h, '/otp', { phone: '+33611130001', ...withToken(cheap.token) });
    expect(refused).toMatchObject({ status: 400, body: { code: 'captcha_failed', message: expect.stringContaining('fetch a new challenge') } });
    const priced = await solvedToken(h, '?country=FR');
    expect(priced.challenge.parameters.data).toMatchObject({ level: 2, maxNumber: 4 * base, country: 'FR' });
    expect((await post(h, '/otp', { phone: '+33611130001', ...withToken(priced.token) })).status).toBe(200);
    // A quiet country's texts still cost the base.
    expect((await post(h, '/otp', { phone: '+4915112345678', ...withToken(cheap.token) })).body.message).toContain('(already used)');
    expect((await post(h, '/otp', { phone: '+4915112345678', ...withToken((await solvedToken(h, '?country=DE')).token) })).status).toBe(200);
  });

  it('an address that keeps asking pays more for each text', async () => {
    const levels: number[] = [];
    const prices: number[] = [];
    for (let n = 0; n < 12; n += 1) {
      const { token, challenge } = await solvedToken(h, '?country=DE');
      levels.push(Number(challenge.parameters.data?.level));
      prices.push(Number(challenge.parameters.data?.maxNumber));
      expect((await post(h, '/otp', { phone: `+49151${String(20000000 + n * 10007)}`, ...withToken(token) })).status).toBe(200);
    }
    // This address sent two texts above: five in the hour at the base, then one doubling per
    // doubling of its texts (6th to 10th ×2, 11th to 20th ×4).
    expect(levels).toEqual([0, 0, 0, 0, 1, 1, 1, 1, 1, 2, 2, 2]);
    expect(prices).toEqual(levels.map((level) => base * 2 ** level));
  });
});

describe('captcha: configuration', () => {
  it('production refuses a send price below the product\'s (a lower one is for tests)', () => {
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://ringwise.test' };
    expect(() => parseEnv({ ...production, CAPTCHA_SEND_WORK: '1000' })).toThrow(/CAPTCHA_SEND_WORK/);
    expect(parseEnv(production).CAPTCHA_SEND_WORK).toBe(100_000);
    expect(parseEnv({ NODE_ENV: 'test', CAPTCHA_SEND_WORK: '1000' }).CAPTCHA_SEND_WORK).toBe(1000);
  });

  it('production with a hosted provider stops on a missing secret, naming it', () => {
    expect(() => parseEnv({ NODE_ENV: 'production', PUBLIC_URL: 'https://ringwise.test', CAPTCHA_PROVIDER: 'turnstile', CAPTCHA_SITE_KEY: 'site' })).toThrow(/CAPTCHA_SECRET/);
    expect(() => parseEnv({ NODE_ENV: 'production', PUBLIC_URL: 'https://ringwise.test', CAPTCHA_PROVIDER: 'recaptcha' })).toThrow(/^Invalid environment variable CAPTCHA_PROVIDER="recaptcha": expected altcha, turnstile, hcaptcha or off$/);
    expect(parseEnv({ NODE_ENV: 'production', PUBLIC_URL: 'https://ringwise.test' }).CAPTCHA_PROVIDER).toBeUndefined();
  });
});
