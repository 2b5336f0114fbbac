import { bearerToken } from '../api-client';
import { publicConfig } from '../public-config';

/** A read the auth service refused or could not answer, with GoTrue's error code when it gave one. */
export class AuthReadError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
  ) {
    super(`auth read failed (${status}${code ? ` ${code}` : ''})`);
  }
}

/**
 * A GET on the auth service with the session's bearer, as supabase-js sends it, without loading
 * supabase-js: a page that only reads (the account's identities, its passkeys) stays light, and
 * supabase-js loads when the person acts (link, add, rename, remove).
 */
export async function authRead<T>(path: string): Promise<T> {
  const { auth } = publicConfig();
  const token = await bearerToken();
  if (!token) throw new AuthReadError(401, 'session_missing');
  // auth.url is the project's address; supabase-js serves auth under /auth/v1 of it, as here.
  const response = await fetch(`${auth.url}/auth/v1${path}`, {
    headers: { accept: 'application/json', apikey: auth.publishableKey, authorization: `Bearer ${token}` },
  });
  const body = (await response.json().catch(() => null)) as { code?: unknown; error_code?: unknown } | null;
  if (!response.ok) {
    const code = body?.error_code ?? body?.code;
    throw new AuthReadError(response.status, typeof code === 'string' ? code : null);
  }
  return body as T;
}
