import { publicConfig } from '../../app/public-config';
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

function storedSession(jar?: CookieJar): { refresh_token: string; user?: { is_anonymous?: unknown } } | null {
  const { auth } = publicConfig();
  const storage = createCookieStorage({ domain: auth.cookieDomain, secure: cookieShouldBeSecure(window.location), ...(jar ? { jar } : {}) });
  const value = storage.getItem(sessionStorageKey(auth.url));
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
