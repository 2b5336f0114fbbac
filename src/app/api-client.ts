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

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  query?: Record<string, string | number | undefined | null>;
  body?: unknown;
  signal?: AbortSignal;
  /** Public endpoints skip the bearer token. */
  anonymous?: boolean;
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
