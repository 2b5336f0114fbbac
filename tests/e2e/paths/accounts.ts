import { answerBusiness, api, checkLegitimacy, codeFor, completeBusiness, frenchMobile, signUpByApi, subscribe, type Session } from '../../helpers/accounts';

/** Accounts the browser paths start from, made through the real APIs (tests/helpers/accounts.ts). */

let counter = 0;
export const unique = () => `${Date.now().toString(36)}${(counter += 1)}`;

/**
 * An address of its own for each account made here (the e2e server trusts loopback as a proxy): the
 * paths make many accounts, and beside the other browser suites one shared address reaches the auth
 * service's per-address limit.
 */
const accountAddress = () => `10.77.${Math.floor(counter / 250) % 250}.${(counter % 250) + 1}`;

export interface PathAccount {
  session: Session;
  email: string;
}

/**
 * Signed up by phone code, questionnaire answered; with a work email the identity check passes
 * (VALIDATED), with a personal one it asks for a review (PENDING_REVIEW), unless `check` is false.
 */
export async function pathAccount(baseURL: string, options: { email: 'work' | 'personal'; check: boolean }): Promise<PathAccount> {
  const email = `paths.${unique()}@${options.email === 'work' ? 'acme-widgets.com' : 'gmail.com'}`;
  const session = await signUpByApi(baseURL, { phone: frenchMobile().e164, email }, { address: accountAddress() });
  await answerBusiness(baseURL, session, { ...completeBusiness, website: options.email === 'work' ? 'acme-widgets.com' : 'bob-builds.fr' });
  if (options.check) await identityCheck(baseURL, { session, email }, options.email === 'work' ? 'VALIDATED' : 'PENDING_REVIEW');
  return { session, email };
}

/** The identity check as the funnel runs it; fails the test when it does not decide as the path needs. */
export async function identityCheck(baseURL: string, account: PathAccount, expected: string): Promise<void> {
  const status = await checkLegitimacy(baseURL, account.session);
  if (status !== expected) throw new Error(`identity check of ${account.email}: ${status}, the path needs ${expected}`);
}

/** A reviewer's decision on the team's KYC page (local development: no admin token). */
export async function decideKyc(baseURL: string, account: PathAccount, status: 'VALIDATED' | 'REJECTED'): Promise<void> {
  await api(baseURL, '/admin/kyc/decisions', { method: 'POST', body: { user: account.session.user.id, status, note: 'browser path test' } });
}

export { subscribe };

/** Signed up on /email-form through the APIs: the email proven by its code, no phone yet. */
export async function emailAccount(baseURL: string, kind: 'work' | 'personal'): Promise<PathAccount> {
  const email = `paths.${unique()}@${kind === 'work' ? 'acme-widgets.com' : 'gmail.com'}`;
  const config = await api<{ auth: { publishableKey: string } }>(baseURL, '/config.json');
  const headers = { apikey: config.auth.publishableKey, 'content-type': 'application/json', 'x-forwarded-for': accountAddress() };
  const sent = await fetch(new URL('/auth/v1/otp', baseURL), { method: 'POST', headers, body: JSON.stringify({ email, create_user: true }) });
  if (!sent.ok) throw new Error(`otp → ${sent.status} ${await sent.text()}`);
  const token = await codeFor(baseURL, email);
  const verified = await fetch(new URL('/auth/v1/verify', baseURL), { method: 'POST', headers, body: JSON.stringify({ type: 'email', email, token }) });
  if (!verified.ok) throw new Error(`verify → ${verified.status} ${await verified.text()}`);
  const session = (await verified.json()) as Session;
  await api(baseURL, '/v1/signup/complete', { method: 'POST', token: session.access_token, body: { email, landingPage: 'email-form' } });
  return { session, email };
}

/** A phone account (proven by its code) with the questionnaire answered as far as `answers` go. */
export async function phoneAccount(baseURL: string, kind: 'work' | 'personal', answers: Record<string, string>): Promise<PathAccount> {
  const email = `paths.${unique()}@${kind === 'work' ? 'acme-widgets.com' : 'gmail.com'}`;
  const session = await signUpByApi(baseURL, { phone: frenchMobile().e164, email }, { address: accountAddress() });
  if (Object.keys(answers).length > 0) await answerBusiness(baseURL, session, answers);
  return { session, email };
}

/** The onboarding's finish as next-steps calls it (role and finished date; needs a subscription). */
export async function finishOnboarding(baseURL: string, account: PathAccount): Promise<void> {
  await api(baseURL, '/v1/onboarding/finish', { method: 'POST', token: account.session.access_token, body: {} });
}

/**
 * An anonymous session, as another of the product's sites would start one (the SPA starts none):
 * the auth service's sign-up with no email or phone (server/auth/otp-routes.ts), `user.is_anonymous`.
 */
export async function anonymousSession(baseURL: string): Promise<Session> {
  const config = await api<{ auth: { publishableKey: string } }>(baseURL, '/config.json');
  const headers = { apikey: config.auth.publishableKey, 'content-type': 'application/json', 'x-forwarded-for': accountAddress() };
  const response = await fetch(new URL('/auth/v1/signup', baseURL), { method: 'POST', headers, body: JSON.stringify({}) });
  if (!response.ok) throw new Error(`anonymous sign-up → ${response.status} ${await response.text()}`);
  const session = (await response.json()) as Session & { user: { is_anonymous?: boolean } };
  if (session.user.is_anonymous !== true) throw new Error('the auth service did not start an anonymous session');
  return session;
}
