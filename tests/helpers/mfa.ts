import { generate } from 'otplib';
import { api } from './accounts';

/**
 * The server's time, read from its dev clock (moved forward by `advanceSeconds`, 1 s at least): a
 * TOTP is checked against the server's clock, which the browser suites move past cooldowns.
 * Moving it on by a TOTP step (30 s) is also what lets one factor take a second code: a step is
 * accepted once.
 */
export async function serverNow(baseURL: string, advanceSeconds = 1): Promise<number> {
  const { now } = await api<{ now: string }>(baseURL, '/dev/clock', { method: 'POST', body: { advanceSeconds } });
  return new Date(now).getTime();
}

/** The authenticator app's code for `secret` at `atMs`. */
export function totpAt(secret: string, atMs: number): Promise<string> {
  return generate({ secret, epoch: Math.floor(atMs / 1000) });
}

/** A code no app would show around `atMs` (not the step before, at or after it). */
export async function wrongTotpAt(secret: string, atMs: number): Promise<string> {
  const near = new Set(await Promise.all([-30_000, 0, 30_000].map((shift) => totpAt(secret, atMs + shift))));
  for (let candidate = 0; ; candidate += 111_111) {
    const code = String(candidate % 1_000_000).padStart(6, '0');
    if (!near.has(code)) return code;
  }
}

/** The assurance level of the session in the browser's cookie, from its access token. */
export function aalOf(accessToken: string): unknown {
  const payload = accessToken.split('.')[1] ?? '';
  return (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { aal?: unknown }).aal;
}

/**
 * An authenticator app enrolled and verified through the auth service's API (POST /factors, its
 * challenge and verify, as supabase-js calls them) with the account's session; that session becomes
 * aal2 and the account's other aal1 sessions end (GoTrue). Returns the key. `address`: the visitor's
 * address (X-Forwarded-For, believed from loopback by the test server) for the per-address MFA limit.
 */
export async function enrolTotpByApi(baseURL: string, accessToken: string, address?: string): Promise<string> {
  const config = await api<{ auth: { publishableKey: string } }>(baseURL, '/config.json');
  const headers = { apikey: config.auth.publishableKey, 'content-type': 'application/json', authorization: `Bearer ${accessToken}`, ...(address ? { 'x-forwarded-for': address } : {}) };
  const post = async <T>(path: string, body: unknown): Promise<T> => {
    const response = await fetch(new URL(`/auth/v1${path}`, baseURL), { method: 'POST', headers, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`POST ${path} → ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const factor = await post<{ id: string; totp: { secret: string } }>('/factors', { factor_type: 'totp', issuer: 'Ringwise' });
  const challenge = await post<{ id: string }>(`/factors/${factor.id}/challenge`, {});
  await post(`/factors/${factor.id}/verify`, { challenge_id: challenge.id, code: await totpAt(factor.totp.secret, await serverNow(baseURL)) });
  return factor.totp.secret;
}
