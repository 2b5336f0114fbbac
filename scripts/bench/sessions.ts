import type { BrowserContext } from 'playwright-core';
import { encodeValue } from '../../src/platform/session/cookie-storage';

/**
 * Signed-in visitors for the bench, made through the public APIs and the dev outbox (the bench runs
 * the server with NODE_ENV=development on loopback). Each visitor gets its own X-Forwarded-For
 * address, as real visitors would, so the per-address auth limits do not turn the setup into 429s.
 */

export interface Session {
  access_token: string;
  refresh_token: string;
  expires_at: number;
  token_type: string;
  user: { id: string };
}

let counter = 0;
export const fakeClientAddress = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

export async function publishableKey(baseURL: string): Promise<string> {
  const response = await fetch(new URL('/config.json', baseURL));
  const config = (await response.json()) as { auth: { publishableKey: string } };
  return config.auth.publishableKey;
}

async function call<T>(baseURL: string, path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> }): Promise<T> {
  const request = () =>
    fetch(new URL(path, baseURL), {
      method: init.method ?? 'GET',
      headers: { 'content-type': 'application/json', ...init.headers },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  // A kept-alive connection the server closed as the request left (ECONNRESET, seen once while
  // making the refresh pool on a loaded machine): the request never arrived, so once more.
  const response = await request().catch(request);
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path} → ${response.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** A new user signed in with an email code. */
export async function signUp(baseURL: string, apikey: string, label = 'bench'): Promise<Session> {
  counter += 1;
  const email = `${label}-${process.pid}-${counter}@acme-widgets.com`;
  const headers = { apikey, 'x-forwarded-for': fakeClientAddress(counter + 40_000) };
  await call(baseURL, '/auth/v1/otp', { method: 'POST', headers, body: { email, create_user: true } });
  const outbox = await call<{ messages: { code: string | null }[] }>(baseURL, `/dev/outbox.json?recipient=${encodeURIComponent(email)}`, {});
  const code = outbox.messages[0]?.code;
  if (!code) throw new Error(`no code in the dev outbox for ${email}`);
  return call<Session>(baseURL, '/auth/v1/verify', { method: 'POST', headers, body: { type: 'email', email, token: code } });
}

/**
 * A visitor the paywall is next for: signed in with an SMS code (a confirmed phone), named, the
 * business answered, the identity check passed (VALIDATED). An email sign-up's number is not
 * confirmed and its check waits for a person (PENDING_REVIEW): /checkout-form then shows the
 * 'in review' page, which is what the bench measured as the paywall before.
 */
export async function signUpToPaywall(baseURL: string, apikey: string): Promise<Session> {
  counter += 1;
  const phone = `+3367${String((process.pid * 100 + counter) % 10_000_000).padStart(7, '0')}`;
  const headers = { apikey, 'x-forwarded-for': fakeClientAddress(counter + 40_000) };
  await call(baseURL, '/auth/v1/otp', { method: 'POST', headers, body: { phone, create_user: true } });
  const outbox = await call<{ messages: { code: string | null }[] }>(baseURL, `/dev/outbox.json?recipient=${encodeURIComponent(phone)}`, {});
  const token = outbox.messages[0]?.code;
  if (!token) throw new Error(`no code in the dev outbox for ${phone}`);
  const session = await call<Session>(baseURL, '/auth/v1/verify', { method: 'POST', headers, body: { type: 'sms', phone, token } });
  const auth = { authorization: `Bearer ${session.access_token}`, 'x-forwarded-for': fakeClientAddress(counter + 50_000) };
  await call(baseURL, '/v1/user', { method: 'PATCH', headers: auth, body: { name: 'Ada Lovelace', email: `paywall-${counter}@acme-widgets.com`, phone: { number: phone } } });
  await call(baseURL, '/v1/business', {
    method: 'PATCH',
    headers: auth,
    body: { size: '2-10', company_name: 'Acme Widgets', country: 'FR', industry: 'construction', job_role: 'founder', crm: 'hubspot' },
  });
  const verdict = await call<{ kyc_status: string }>(baseURL, '/v1/user/legitimacy-verification', { method: 'POST', headers: auth, body: { company_name: 'Acme Widgets' } });
  if (verdict.kyc_status !== 'VALIDATED') throw new Error(`the paywall visitor was not validated: ${JSON.stringify(verdict)}`);
  return session;
}

/** Puts the session where the SPA keeps it (the chunked session cookie, SPEC §3). */
export async function signInContext(context: BrowserContext, baseURL: string, session: Session): Promise<void> {
  const host = new URL(baseURL).hostname;
  await context.addCookies([{ name: `sb-${host.split('.')[0]}-auth-token`, value: encodeValue(JSON.stringify(session)), domain: host, path: '/', sameSite: 'Strict', secure: false }]);
}
