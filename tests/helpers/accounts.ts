import type { BrowserContext } from 'playwright-core';
import { encodeValue } from '../../src/platform/session/cookie-storage';

/**
 * Accounts for browser tests, made through the real HTTP APIs (the auth service, the product API,
 * the local payment provider's hosted page), so a test starts where a person would be: signed up,
 * mid-questionnaire, under review, paying, or with a role.
 */

export interface Session {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  expires_at: number;
  token_type: string;
  user: { id: string };
}

export interface OutboxMessage {
  code: string | null;
  body: string;
  channel: string;
  subject: string | null;
}

let counter = 0;

/** A fresh, allocated French mobile number (06 7x), national and E.164. */
export function frenchMobile(): { national: string; e164: string } {
  counter += 1;
  const digits = `7${String((Date.now() * 7 + counter * 1_000_003 + process.pid) % 10_000_000).padStart(7, '0')}`;
  return { national: `06${digits}`, e164: `+336${digits}` };
}

export const workEmail = (tag: string) => `${tag}.${Date.now()}.${(counter += 1)}@acme-widgets.com`;

export async function api<T>(baseURL: string, path: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<T> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) };
  const response = await fetch(new URL(path, baseURL), { method: init.method ?? 'GET', headers, ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }) });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path} → ${response.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

export async function outbox(baseURL: string, recipient: string): Promise<OutboxMessage[]> {
  return (await api<{ messages: OutboxMessage[] }>(baseURL, `/dev/outbox.json?recipient=${encodeURIComponent(recipient)}`)).messages;
}

/** The newest code once the outbox holds more than `after` messages for the recipient (polls ~5 s). */
export async function codeFor(baseURL: string, recipient: string, after = 0): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const messages = await outbox(baseURL, recipient);
    if (messages.length > after && messages[0]?.code) return messages[0].code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no code for ${recipient}`);
}

/** The email-confirmation link in the newest confirmation message to an address (polls ~5 s: a page sends it after its sign-up). */
export async function confirmationLink(baseURL: string, email: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const message = (await outbox(baseURL, email)).find((entry) => entry.body.includes('/auth/v1/confirm-email?'));
    const link = /(https?:\/\/\S+\/auth\/v1\/confirm-email\?\S+)/.exec(message?.body ?? '')?.[1];
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no confirmation link for ${email}`);
}

async function authHeaders(baseURL: string) {
  const config = await api<{ auth: { publishableKey: string } }>(baseURL, '/config.json');
  return { apikey: config.auth.publishableKey, 'content-type': 'application/json' };
}

/** Moves the server's clock (dev only): a 60 s cooldown passes without waiting. */
export async function advanceServerClock(baseURL: string, seconds: number): Promise<void> {
  await api(baseURL, '/dev/clock', { method: 'POST', body: { advanceSeconds: seconds } });
}

/**
 * The sign-up as the start page does it, through the APIs: phone code, then the form's values.
 * `address`: the visitor's own address (the test server trusts loopback as a proxy), so many
 * sign-ups in one suite do not share the auth service's per-address limits.
 */
export async function signUpByApi(baseURL: string, values: { phone: string; email: string; firstName?: string }, options: { address?: string } = {}): Promise<Session> {
  const headers = { ...(await authHeaders(baseURL)), ...(options.address ? { 'x-forwarded-for': options.address } : {}) };
  const before = (await outbox(baseURL, values.phone)).length;
  const sent = await fetch(new URL('/auth/v1/otp', baseURL), { method: 'POST', headers, body: JSON.stringify({ phone: values.phone, create_user: true }) });
  if (!sent.ok) throw new Error(`otp → ${sent.status} ${await sent.text()}`);
  const token = await codeFor(baseURL, values.phone, before);
  const verified = await fetch(new URL('/auth/v1/verify', baseURL), { method: 'POST', headers, body: JSON.stringify({ type: 'sms', phone: values.phone, token }) });
  if (!verified.ok) throw new Error(`verify → ${verified.status} ${await verified.text()}`);
  const session = (await verified.json()) as Session;
  await api(baseURL, '/v1/signup/complete', {
    method: 'POST',
    token: session.access_token,
    body: { email: values.email, firstName: values.firstName ?? 'Ada', lastName: 'Lovelace', companyName: 'Acme Widgets', landingPage: 'start' },
  });
  return session;
}

/** A sign-in by an emailed code through the APIs (a new account when the address has none): no phone yet. */
export async function signInByEmailApi(baseURL: string, email: string, options: { address?: string } = {}): Promise<Session> {
  const headers = { ...(await authHeaders(baseURL)), ...(options.address ? { 'x-forwarded-for': options.address } : {}) };
  const before = (await outbox(baseURL, email)).length;
  const sent = await fetch(new URL('/auth/v1/otp', baseURL), { method: 'POST', headers, body: JSON.stringify({ email, create_user: true }) });
  if (!sent.ok) throw new Error(`otp → ${sent.status} ${await sent.text()}`);
  const token = await codeFor(baseURL, email, before);
  const verified = await fetch(new URL('/auth/v1/verify', baseURL), { method: 'POST', headers, body: JSON.stringify({ type: 'email', email, token }) });
  if (!verified.ok) throw new Error(`verify → ${verified.status} ${await verified.text()}`);
  return (await verified.json()) as Session;
}

export const completeBusiness = { size: '2-10', company_name: 'Acme Widgets', country: 'FR', industry: 'construction', job_role: 'founder', crm: 'hubspot' } as const;

export async function answerBusiness(baseURL: string, session: Session, answers: Record<string, string>): Promise<void> {
  await api(baseURL, '/v1/business', { method: 'PATCH', token: session.access_token, body: answers });
}

export async function checkLegitimacy(baseURL: string, session: Session): Promise<string> {
  const verdict = await api<{ kyc_status: string }>(baseURL, '/v1/user/legitimacy-verification', { method: 'POST', token: session.access_token, body: { company_name: 'Acme Widgets' } });
  return verdict.kyc_status;
}

/** Pays the trial on the local provider's hosted page with the test card: a trialing subscription. */
export async function subscribe(baseURL: string, session: Session): Promise<void> {
  const { url } = await api<{ url: string }>(baseURL, '/v2/user/subscription/stripe/checkout-session?locale=en&interval=monthly&plan=business&currency=EUR', { token: session.access_token });
  const form = new URLSearchParams({ name: 'Ada Lovelace', number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' });
  const paid = await fetch(new URL(url, baseURL), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString(), redirect: 'manual' });
  if (paid.status !== 303) throw new Error(`checkout → ${paid.status} ${(await paid.text()).slice(0, 300)}`);
}

/** Puts the session where the SPA keeps it (the chunked cookie, SPEC §3). */
export async function signInContext(context: BrowserContext, baseURL: string, session: Session): Promise<void> {
  const host = new URL(baseURL).hostname;
  await context.addCookies([{ name: `sb-${host.split('.')[0]}-auth-token`, value: encodeValue(JSON.stringify(session)), domain: host, path: '/', sameSite: 'Strict', secure: false }]);
}

/** The session the browser holds: the SPA's chunked `sb-…-auth-token` cookie (`base64-` + base64url JSON). */
export async function cookieSession(context: BrowserContext): Promise<{ access_token: string }> {
  const cookies = (await context.cookies())
    .filter((cookie) => /^sb-.*-auth-token(\.\d+)?$/.test(cookie.name))
    .sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }));
  const joined = decodeURIComponent(cookies.map((cookie) => cookie.value).join('')).replace(/^base64-/, '');
  return JSON.parse(Buffer.from(joined, 'base64url').toString('utf8')) as { access_token: string };
}

/** Another account gives this email at its sign-up (asked to confirm it, as the page does) and leaves it unconfirmed. */
export async function claimEmailElsewhere(baseURL: string, email: string, options: { address?: string } = {}): Promise<string> {
  const session = await signUpByApi(baseURL, { phone: frenchMobile().e164, email }, options);
  const config = await api<{ auth: { publishableKey: string } }>(baseURL, '/config.json');
  const asked = await fetch(new URL('/auth/v1/user', baseURL), {
    method: 'PUT',
    headers: { apikey: config.auth.publishableKey, authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  if (!asked.ok) throw new Error(`PUT /auth/v1/user → ${asked.status} ${await asked.text()}`);
  return session.access_token;
}

/** Another account proves this email: signed up with it, asked to confirm it (as the page does), confirmed by its link. */
export async function proveEmailElsewhere(baseURL: string, email: string, options: { address?: string } = {}): Promise<void> {
  await claimEmailElsewhere(baseURL, email, options);
  const link = await confirmationLink(baseURL, email);
  const response = await fetch(link, { redirect: 'manual' });
  if (!response.headers.get('location')?.includes('email_confirmed=1')) throw new Error(`could not confirm ${email}`);
}
