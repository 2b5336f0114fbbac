import { isSecondStepDue } from '../../../core/assurance';
import type { AuthSession } from '../../../machines/session.machine';
import { publicConfig } from '../public-config';
import { cookieShouldBeSecure, createCookieStorage, type CookieJar } from './cookie-storage';

/** supabase-js's storage key for a project address: `sb-<first label of the host>-auth-token`. */
export function sessionStorageKey(authUrl: string): string {
  return `sb-${new URL(authUrl).hostname.split('.')[0]}-auth-token`;
}

/**
 * Whether the visitor holds a session, read from the session cookie (chunked base64, see
 * ./cookie-storage) without loading supabase-js: landing pages decide their redirect and the app
 * decides how soon to load supabase-js from this. It says "holds a refresh token", not "the token is
 * still accepted": the session chart (./session) finds that out once supabase-js has loaded.
 */
export function hasStoredSession(jar?: CookieJar): boolean {
  return storedSession(jar) !== null;
}

/**
 * Whether the stored session is a person's (not anonymous): what decides showing a sign-out. An
 * anonymous session holds nothing the visitor could get back after signing out, so it is never
 * offered one (#11).
 */
export function hasPersonSession(jar?: CookieJar): boolean {
  const session = storedSession(jar);
  return session !== null && session.user?.is_anonymous !== true;
}

/**
 * Whether the stored session is a person's who has passed every step they have: one signed in by
 * the first factor alone while a second is theirs (core/assurance.ts isSecondStepDue) is not signed
 * in yet for what the page shows (#37.5: the header showed the account menu over the second step).
 */
export function hasSignedInPerson(jar?: CookieJar): boolean {
  const session = storedAuthSession(jar);
  return session !== null && session.user.is_anonymous !== true && !isSecondStepDue(session);
}

/**
 * The whole stored session as supabase-js wrote it (tokens, expiry, user), when its shape is one:
 * the session chart starts from it while supabase-js is not loaded (./session). The cookie is the
 * browser's, so anything may be in it; a value of another shape is no session.
 */
export function storedAuthSession(jar?: CookieJar): AuthSession | null {
  const value = storedValue(jar);
  if (!value) return null;
  try {
    const parsed = JSON.parse(value) as Record<string, unknown> | null;
    if (!parsed || typeof parsed !== 'object') return null;
    const { access_token, refresh_token, expires_at, expires_in, user } = parsed;
    const who = user as Record<string, unknown> | null | undefined;
    if (typeof access_token !== 'string' || access_token.split('.').length !== 3) return null;
    if (typeof refresh_token !== 'string' || refresh_token.length === 0) return null;
    if (typeof expires_at !== 'number' || !Number.isFinite(expires_at)) return null;
    if (typeof expires_in !== 'number' || !Number.isFinite(expires_in)) return null;
    if (!who || typeof who !== 'object' || typeof who.id !== 'string' || who.id.length === 0) return null;
    const factors = Array.isArray(who.factors) ? who.factors.filter((factor): factor is { status: string } => typeof (factor as { status?: unknown } | null)?.status === 'string') : undefined;
    return {
      access_token,
      refresh_token,
      expires_at,
      expires_in,
      // The rest of the user (email, metadata) is passed on as stored: supabase-js hands pages the same.
      user: { ...who, id: who.id, is_anonymous: who.is_anonymous === true, ...(factors ? { factors } : {}) } as AuthSession['user'],
    };
  } catch {
    return null;
  }
}

/**
 * The cookies last read and the session value they held. Start-up asks several times over the same
 * cookies (the header, the hydration's facts, the session chart and its followers), and each ask
 * decoded the value again: ~60 ms of the paywall's start-up tasks at 4× CPU (#40.2). Keyed by the
 * whole cookie string, so any change (a sign-in, a refresh, another tab) is read afresh.
 */
let lastRead: { jar: CookieJar | undefined; key: string; cookies: string; value: string | null } | null = null;

function storedValue(jar?: CookieJar): string | null {
  const { auth } = publicConfig();
  const key = sessionStorageKey(auth.url);
  const cookies = jar ? jar.read() : document.cookie;
  if (lastRead && lastRead.jar === jar && lastRead.key === key && lastRead.cookies === cookies) return lastRead.value;
  const storage = createCookieStorage({ domain: auth.cookieDomain, secure: cookieShouldBeSecure(window.location), ...(jar ? { jar } : {}) });
  const value = storage.getItem(key);
  lastRead = { jar, key, cookies, value };
  return value;
}

function storedSession(jar?: CookieJar): { refresh_token: string; user?: { is_anonymous?: unknown } } | null {
  const value = storedValue(jar);
  if (!value) return null;
  try {
    const session = JSON.parse(value) as { refresh_token?: unknown; user?: { is_anonymous?: unknown } } | null;
    return typeof session?.refresh_token === 'string' && session.refresh_token.length > 0 ? { refresh_token: session.refresh_token, ...(session.user ? { user: session.user } : {}) } : null;
  } catch {
    return null;
  }
}

/** An address supabase-js must read at once: an emailed link's ?code= or #access_token=, or an auth error. */
export function carriesAuthCallback(location: Pick<Location, 'search' | 'hash'>): boolean {
  return /(^|[?#&])(code|access_token|error|error_code|error_description)=/.test(`${location.search}${location.hash}`);
}

/** supabase-js's AuthError, recognised without importing the library (its own isAuthError does this). */
export function isAuthError(error: unknown): error is Error & { code?: string; __isAuthError: true } {
  return typeof error === 'object' && error !== null && '__isAuthError' in error;
}

/**
 * Every cookie the session may have left: the session itself (one cookie, or chunks `.0`, `.1`, …,
 * including stray chunks of an older, longer session) and supabase-js's side keys (the PKCE
 * verifier of an emailed link, the user copy). supabase-js removes the session key itself, but only
 * when the server answered; sign-out and the session chart's giving up run this whatever it
 * answered, so nothing is left behind. Here, beside the reading, so the entry carries it without
 * the sign-out module.
 */
export function clearSessionCookies(): void {
  const { auth } = publicConfig();
  const storage = createCookieStorage({ domain: auth.cookieDomain, secure: cookieShouldBeSecure(window.location) });
  const key = sessionStorageKey(auth.url);
  for (const name of [key, `${key}-code-verifier`, `${key}-user`]) storage.removeItem(name);
}
