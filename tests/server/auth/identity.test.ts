import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthHarness, type AuthHarness } from './harness';

let counter = 0;
const uniquePhone = () => `+3361299${String(1000 + (counter += 1)).padStart(4, '0')}`;
const uniqueEmail = (who: string) => `${who}-${Date.now()}-${(counter += 1)}@acme-widgets.com`;

/**
 * One account per person (decision 103): the email given at sign-up is a claim until proven, never
 * signs anyone in before, never blocks anyone, and the proof goes to the account that asked.
 */
describe('identity model: phone, email, claims and proof', () => {
  let h: AuthHarness;
  beforeAll(async () => {
    h = await startAuthHarness();
  });
  afterAll(async () => h.close());

  const api = async (path: string, init: { token?: string; body?: unknown; method?: string } = {}) => {
    const response = await fetch(`${h.url}${path}`, {
      method: init.method ?? 'POST',
      headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
      body: JSON.stringify(init.body ?? {}),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  /** The sign-up as the SPA does it: code to the phone, complete, attach the email (a claim). */
  async function signUp(phone: string, email: string, names = { firstName: 'Ada', lastName: 'Lovelace', companyName: 'Acme' }) {
    const supabase = h.client();
    expect((await supabase.auth.signInWithOtp({ phone })).error).toBeNull();
    const { data, error } = await supabase.auth.verifyOtp({ phone, token: await h.latestCode(phone), type: 'sms' });
    expect(error).toBeNull();
    const token = data.session!.access_token;
    const completed = await api('/v1/signup/complete', { token, body: { email, ...names, landingPage: 'start' } });
    expect(completed.status).toBe(200);
    if (completed.body.emailNeedsConfirmation) {
      h.clock.advance(61_000);
      expect((await supabase.auth.updateUser({ email })).error).toBeNull();
    }
    return { supabase, userId: data.user!.id, token, completed: completed.body };
  }

  const userCount = async () => Number((await h.app.db.selectFrom('auth_users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  async function signInByEmail(supabase: SupabaseClient, email: string) {
    const sent = await supabase.auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
    if (sent.error) return { error: sent.error.code };
    const { data, error } = await supabase.auth.verifyOtp({ email, token: await h.latestCode(email), type: 'email' });
    expect(error).toBeNull();
    return { userId: data.user!.id };
  }

  it('an unproven email never signs in and creates nothing; once proven by its link it reaches the phone account', async () => {
    const phone = uniquePhone();
    const email = uniqueEmail('owner');
    const { userId } = await signUp(phone, email);
    const before = await userCount();

    h.clock.advance(61_000);
    expect(await signInByEmail(h.client(), email)).toEqual({ error: 'otp_disabled' });
    expect(await userCount()).toBe(before);

    const [message] = await h.outbox(email);
    expect(message?.subject).toBe('Confirm your email for Ringwise');
    const link = /(http:\/\/\S+\/auth\/v1\/confirm-email\?\S+)/.exec(message?.body ?? '')?.[1];
    expect(link).toBeTruthy();
    const confirmed = await fetch(link!, { redirect: 'manual' });
    expect(confirmed.status).toBe(303);
    const target = new URL(confirmed.headers.get('location')!);
    expect(target.pathname).toBe('/en/sign-in-otp');
    expect(target.searchParams.get('email_confirmed')).toBe('1');
    // The link proves the address; it starts no session.
    expect(target.hash).toBe('');

    h.clock.advance(61_000);
    expect(await signInByEmail(h.client(), email)).toEqual({ userId });
    expect(await userCount()).toBe(before);
  });

  it('pre-account takeover: a claim on someone else’s email gives the claimer nothing; the owner’s proof wins', async () => {
    const victimEmail = uniqueEmail('victim');
    const attacker = await signUp(uniquePhone(), victimEmail, { firstName: 'Eve', lastName: 'Mallory', companyName: 'Evil' });
    const attackerLink = /(http:\/\/\S+\/auth\/v1\/confirm-email\?\S+)/.exec((await h.outbox(victimEmail))[0]?.body ?? '')?.[1];
    expect(attacker.completed).toMatchObject({ returning: false, emailNeedsConfirmation: true });

    // The victim is not blocked: the check before the code sees no account behind an unproven email.
    const victimPhone = uniquePhone();
    expect((await api('/v1/signup/check', { body: { email: victimEmail, phone: victimPhone } })).body).toEqual({ outcome: 'new' });
    h.clock.advance(61_000);
    const victim = await signUp(victimPhone, victimEmail, { firstName: 'Grace', lastName: 'Hopper', companyName: 'Navy' });
    expect(victim.completed).toMatchObject({ returning: false, emailNeedsConfirmation: true });
    // The victim proves it with the code (the account page's way).
    const { error } = await victim.supabase.auth.verifyOtp({ email: victimEmail, token: await h.latestCode(victimEmail), type: 'email_change' });
    expect(error).toBeNull();

    const attackerRow = await h.app.db.selectFrom('auth_users').select(['email', 'new_email']).where('id', '=', attacker.userId).executeTakeFirstOrThrow();
    expect(attackerRow).toEqual({ email: null, new_email: null });
    // The attacker's earlier link (had they seen it) cannot take the address now.
    const late = await fetch(attackerLink!, { redirect: 'manual' });
    expect(new URL(late.headers.get('location')!).searchParams.get('email_error')).toBe('otp_expired');

    h.clock.advance(61_000);
    expect(await signInByEmail(h.client(), victimEmail)).toEqual({ userId: victim.userId });
  });

  it('check on /email-form: an email given with a phone and not confirmed yet is said (the visitor may go on)', async () => {
    const email = uniqueEmail('claimed');
    await signUp(uniquePhone(), email);
    expect((await api('/v1/signup/check', { body: { email } })).body).toEqual({ outcome: 'emailClaimed' });
    // With a phone the claim is not mentioned: the code proves the phone, the email stays a claim.
    expect((await api('/v1/signup/check', { body: { email, phone: uniquePhone() } })).body).toEqual({ outcome: 'new' });
  });

  it('check before the code: new, returning by phone, returning by email (email-form), known email with another phone', async () => {
    const phone = uniquePhone();
    const email = uniqueEmail('known');
    const first = await signUp(phone, email);
    const { error } = await first.supabase.auth.verifyOtp({ email, token: await h.latestCode(email), type: 'email_change' });
    expect(error).toBeNull();

    const check = (body: unknown) => api('/v1/signup/check', { body }).then((answer) => answer.body);
    expect(await check({ email: uniqueEmail('fresh'), phone: uniquePhone() })).toEqual({ outcome: 'new' });
    expect(await check({ email: uniqueEmail('other'), phone })).toEqual({ outcome: 'returning' });
    expect(await check({ email, phone })).toEqual({ outcome: 'returning' });
    expect(await check({ email })).toEqual({ outcome: 'returning' });
    expect(await check({ email: email.toUpperCase(), phone: uniquePhone() })).toEqual({ outcome: 'emailTaken' });
    const bad = await api('/v1/signup/check', { body: { email: 'not an email', phone: '12' } });
    expect(bad.status).toBe(400);
  });

  it('the same phone signing up again reaches its account with nothing overwritten', async () => {
    const phone = uniquePhone();
    const email = uniqueEmail('first');
    const first = await signUp(phone, email);
    h.clock.advance(61_000);
    const again = await signUp(phone, uniqueEmail('second'), { firstName: 'Someone', lastName: 'Else', companyName: 'Other' });
    expect(again.userId).toBe(first.userId);
    expect(again.completed).toEqual({ returning: true, emailNeedsConfirmation: false });
    const profile = await h.app.db.selectFrom('profiles').select(['first_name', 'last_name', 'email', 'data']).where('user_id', '=', first.userId).executeTakeFirstOrThrow();
    expect(profile).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace', email, data: { company_name: 'Acme', landing_page: 'start' } });
    // And the second address got no claim on this account.
    const row = await h.app.db.selectFrom('auth_users').select('new_email').where('id', '=', first.userId).executeTakeFirstOrThrow();
    expect(row.new_email).toBe(email);
  });

  it('signing in right after signing up sends a new code at once (the used code holds nothing back)', async () => {
    const phone = uniquePhone();
    await signUp(phone, uniqueEmail('quick'));
    const again = await h.client().auth.signInWithOtp({ phone, options: { shouldCreateUser: false } });
    expect(again.error).toBeNull();
    // An unused code still holds the next one back 60 s.
    const third = await h.client().auth.signInWithOtp({ phone, options: { shouldCreateUser: false } });
    expect(third.error?.code).toBe('over_sms_send_rate_limit');
  });
});
