import { encodeValue } from '../../src/platform/session/cookie-storage';
import type { Session } from '../../tests/helpers/accounts';

/**
 * The signed-in people the visual check photographs, each stopped at one point of the funnel, made
 * through the public APIs and the dev outbox of a server on a fresh data folder. Their emails and
 * phone numbers are fixed, so the pages show the same text on every run.
 */


export type VisitorName = 'verifyPhone' | 'size' | 'details' | 'crm' | 'paywall' | 'subscribed' | 'customer' | 'cancelled';

let address = 0;

async function call<T>(baseURL: string, path: string, init: { method?: string; body?: unknown; headers?: Record<string, string>; form?: Record<string, string> } = {}): Promise<T> {
  const response = await fetch(new URL(path, baseURL), {
    method: init.method ?? 'GET',
    redirect: 'manual',
    headers: { 'content-type': init.form ? 'application/x-www-form-urlencoded' : 'application/json', ...init.headers },
    body: init.form ? new URLSearchParams(init.form).toString() : init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  if (response.status >= 400) throw new Error(`${init.method ?? 'GET'} ${path} → ${response.status} ${text}`);
  return (text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : null) as T;
}

/** Signs in with a code from the dev outbox (SMS for a phone, email otherwise); each from its own client address. */
async function signIn(baseURL: string, apikey: string, recipient: { phone: string } | { email: string }): Promise<Session> {
  address += 1;
  const headers = { apikey, 'x-forwarded-for': `10.77.0.${address}` };
  await call(baseURL, '/auth/v1/otp', { method: 'POST', headers, body: { ...recipient, create_user: true } });
  const key = 'phone' in recipient ? recipient.phone : recipient.email;
  const outbox = await call<{ messages: { code: string | null }[] }>(baseURL, `/dev/outbox.json?recipient=${encodeURIComponent(key)}`);
  const token = outbox.messages[0]?.code;
  if (!token) throw new Error(`no code in the dev outbox for ${key}`);
  return call<Session>(baseURL, '/auth/v1/verify', { method: 'POST', headers, body: { type: 'phone' in recipient ? 'sms' : 'email', ...recipient, token } });
}

const business = { size: '2-10', company_name: 'Acme Widgets', country: 'FR', industry: 'construction', job_role: 'founder', crm: 'hubspot' } as const;

/** Creates every visitor; numbers are French mobiles with distinct prefixes (the velocity rule counts blocks). */
export async function createVisitors(baseURL: string): Promise<Record<VisitorName, Session>> {
  const config = await call<{ auth: { publishableKey: string } }>(baseURL, '/config.json');
  const apikey = config.auth.publishableKey;
  const bearer = (session: Session) => ({ authorization: `Bearer ${session.access_token}` });
  const named = (session: Session, email: string, phone: string) =>
    call(baseURL, '/v1/user', { method: 'PATCH', headers: bearer(session), body: { name: 'Ada Lovelace', email, phone: { number: phone } } });

  // Signed up on the email form: the phone is not confirmed yet.
  const verifyPhone = await signIn(baseURL, apikey, { email: 'ada@acme-widgets.com' });

  const size = await signIn(baseURL, apikey, { phone: '+33612345601' });
  await named(size, 'size@acme-widgets.com', '+33612345601');

  const details = await signIn(baseURL, apikey, { phone: '+33622345602' });
  await named(details, 'details@acme-widgets.com', '+33622345602');
  await call(baseURL, '/v1/business', { method: 'PATCH', headers: bearer(details), body: { size: business.size } });

  const crm = await signIn(baseURL, apikey, { phone: '+33632345603' });
  await named(crm, 'crm@acme-widgets.com', '+33632345603');
  const { crm: _crm, ...withoutCrm } = business;
  await call(baseURL, '/v1/business', { method: 'PATCH', headers: bearer(crm), body: withoutCrm });

  const validated = async (phone: string, email: string) => {
    const session = await signIn(baseURL, apikey, { phone });
    await named(session, email, phone);
    await call(baseURL, '/v1/business', { method: 'PATCH', headers: bearer(session), body: business });
    const verdict = await call<{ kyc_status: string }>(baseURL, '/v1/user/legitimacy-verification', { method: 'POST', headers: bearer(session), body: { company_name: business.company_name } });
    if (verdict.kyc_status !== 'VALIDATED') throw new Error(`${email} was not validated: ${JSON.stringify(verdict)}`);
    return session;
  };
  const paywall = await validated('+33642345604', 'paywall@acme-widgets.com');

  // Paid on the hosted page (local provider, test card): trialing, onboarding not finished yet.
  const pay = async (session: Session) => {
    const { url } = await call<{ url: string }>(baseURL, '/v2/user/subscription/stripe/checkout-session?locale=en&interval=yearly&plan=business&currency=EUR', { headers: bearer(session) });
    await call(baseURL, new URL(url).pathname, { method: 'POST', form: { name: 'Ada Lovelace', number: '4242424242424242', expiry: '12/34', cvc: '123' } });
  };
  const subscribed = await validated('+33652345605', 'subscribed@acme-widgets.com');
  await pay(subscribed);

  const customer = await validated('+33662345606', 'customer@acme-widgets.com');
  await pay(customer);
  await call(baseURL, '/v1/onboarding/finish', { method: 'POST', headers: bearer(customer), body: {} });

  // A customer who cancelled in the trial: it runs to its end, and the account page offers to keep it.
  const cancelled = await validated('+33672345607', 'cancelled@acme-widgets.com');
  await pay(cancelled);
  await call(baseURL, '/v1/onboarding/finish', { method: 'POST', headers: bearer(cancelled), body: {} });
  await call(baseURL, '/v1/subscription/cancel', { method: 'POST', headers: bearer(cancelled), body: {} });

  return { verifyPhone, size, details, crm, paywall, subscribed, customer, cancelled };
}

/** The session cookie the SPA's auth client reads (chunked base64, SPEC §3). */
export function sessionCookie(baseURL: string, session: Session) {
  const host = new URL(baseURL).hostname;
  return { name: `sb-${host.split('.')[0]}-auth-token`, value: encodeValue(JSON.stringify(session)), domain: host, path: '/', sameSite: 'Strict' as const, secure: false };
}
