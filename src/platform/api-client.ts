import { decodeClaims } from '../../core/token-claims';
import { publicConfig } from './public-config';

/**
 * A failed product API call. `code` is the server's stable error code, or UNKNOWN_ERROR when the
 * answer carried none (SPEC §8); pages translate the code, never the message.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

type AccessTokenProvider = () => Promise<string | null>;
let accessToken: AccessTokenProvider = async () => null;

/** The auth feature registers how to read the current access token (SPEC §6: bearer on every call). */
export function setAccessTokenProvider(provider: AccessTokenProvider): void {
  accessToken = provider;
}

/** The bearer token the product's calls carry now (from the cookie while it is good, else supabase-js). */
export function bearerToken(): Promise<string | null> {
  return accessToken();
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  query?: Record<string, string | number | undefined | null>;
  body?: unknown;
  signal?: AbortSignal;
  /** Public endpoints skip the bearer token. */
  anonymous?: boolean;
  /**
   * The user whose data this read is for (its query key's): refused with SESSION_CHANGED, before
   * anything is sent, when the token at hand is another's (another tab signed someone else in and
   * the shared cookie already holds their session), so one person's answer is never kept under
   * another's key.
   */
  asUser?: string;
}

/** The bearer token is not the expected person's: who is signed in changed under the request. */
export const SESSION_CHANGED = 'SESSION_CHANGED';

/** The user a bearer token was issued to (its `sub`), or null. */
export function tokenUser(token: string | null): string | null {
  const sub = token ? decodeClaims(token).sub : undefined;
  return typeof sub === 'string' && sub.length > 0 ? sub : null;
}

export async function apiRequest<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const url = new URL(path, publicConfig().apiUrl);
  for (const [key, value] of Object.entries(request.query ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  }
  const headers: Record<string, string> = { accept: 'application/json' };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  if (!request.anonymous) {
    const token = await accessToken();
    if (request.asUser !== undefined && tokenUser(token) !== request.asUser) throw new ApiError(401, SESSION_CHANGED, 'Signed in as someone else');
    if (token) headers.authorization = `Bearer ${token}`;
  }
  let response: Response;
  try {
    response = await fetch(url, {
      method: request.method ?? 'GET',
      headers,
      body: request.body === undefined ? null : JSON.stringify(request.body),
      signal: request.signal ?? null,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', error instanceof Error ? error.message : 'Network error');
  }
  const text = await response.text();
  const data: unknown = text ? safeJson(text) : null;
  if (!response.ok) {
    const body = (data ?? {}) as { code?: unknown; message?: unknown };
    throw new ApiError(
      response.status,
      typeof body.code === 'string' ? body.code : 'UNKNOWN_ERROR',
      typeof body.message === 'string' ? body.message : response.statusText,
    );
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
