import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthHarness, type AuthHarness } from './harness';

describe('one-time-code sign-in through supabase-js', () => {
  let h: AuthHarness;
  beforeAll(async () => {
    h = await startAuthHarness();
  });
  afterAll(async () => h.close());

  it('phone: sends a code (SMS with the WebOTP line) and verifies it into a session', async () => {
    const supabase = h.client();
    const phone = '+33612345678';
    const sent = await supabase.auth.signInWithOtp({ phone });
    expect(sent.error).toBeNull();
    const [message] = await h.outbox(phone);
    expect(message?.channel).toBe('sms');
    expect(message?.code).toMatch(/^\d{6}$/);
    expect(message?.body.split('\n').at(-1)).toBe(`@127.0.0.1 #${message?.code}`);
    const { data, error } = await supabase.auth.verifyOtp({ phone, token: message?.code ?? '', type: 'sms' });
    expect(error).toBeNull();
    expect(data.session?.token_type).toBe('bearer');
    expect(data.user).toMatchObject({ phone: '33612345678', email: '', is_anonymous: false, app_metadata: { provider: 'phone', providers: ['phone'] } });
    const { data: claims } = await supabase.auth.getClaims();
    expect(claims?.claims).toMatchObject({ sub: data.user?.id, aal: 'aal1', role: 'authenticated', aud: 'authenticated', phone: '33612345678', is_anonymous: false });
    expect(claims?.claims.amr).toEqual([{ method: 'otp', timestamp: expect.any(Number) }]);
  });

  it('email: sends and verifies; the code is single use', async () => {
    const supabase = h.client();
    const email = 'Ada@Example.com';
    expect((await supabase.auth.signInWithOtp({ email })).error).toBeNull();
    const code = await h.latestCode('ada@example.com');
    const { data, error } = await supabase.auth.verifyOtp({ email, token: code, type: 'email' });
    expect(error).toBeNull();
    expect(data.user?.email).toBe('ada@example.com');
    const again = await h.client().auth.verifyOtp({ email, token: code, type: 'email' });
    expect(again.error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Token has expired or is invalid' });
  });
});

describe('dev outbox', () => {
  let h: AuthHarness;
  beforeAll(async () => {
    h = await startAuthHarness();
  });
  afterAll(async () => h.close());

  it('finds a phone written with a raw "+" (a space once decoded), newest first, and escapes the HTML page', async () => {
    const phone = '+33698765432';
    await h.client().auth.signInWithOtp({ phone });
    h.clock.advance(61_000);
    await h.client().auth.signInWithOtp({ phone });
    const raw = await fetch(`${h.url}/dev/outbox.json?recipient=+33698765432`);
    const { messages } = (await raw.json()) as { messages: { code: string; created_at: string; recipient: string }[] };
    expect(messages).toHaveLength(2);
    expect(messages[0]?.recipient).toBe(phone);
    expect(messages[0]!.created_at > messages[1]!.created_at).toBe(true);
    await h.client().auth.signInWithOtp({ email: 'x<script>@example.com' }).catch(() => undefined);
    const page = await fetch(`${h.url}/dev/outbox?recipient=${encodeURIComponent('"><script>alert(1)</script>')}`);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;script&gt;');
    const bad = await fetch(`${h.url}/dev/outbox.json?limit=1000`);
    expect(bad.status).toBe(400);
  });
});
