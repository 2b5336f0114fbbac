import { AuthApiError } from '../errors';

/** GoTrue's `error` for an HTTP status at the callback (api/errors.go oauthErrorMap). */
const OAUTH_ERRORS: Record<number, string> = { 400: 'invalid_request', 401: 'unauthorized_client', 403: 'access_denied', 500: 'server_error', 503: 'temporarily_unavailable' };

/** A provider's own refusal (`error=access_denied` when the person cancels), passed on as GoTrue does. */
export class ProviderRefusal extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

/** `redirect_to` with these parameters added to its query. */
export function withQuery(target: string, parameters: Record<string, string>): string {
  const url = new URL(target);
  for (const [key, value] of Object.entries(parameters)) url.searchParams.set(key, value);
  return url.toString();
}

/** `redirect_to#…`: the implicit flow's session, read by supabase-js's detectSessionInUrl. */
export function withFragment(target: string, parameters: Record<string, string>): string {
  const url = new URL(target);
  url.hash = new URLSearchParams(parameters).toString();
  return url.toString();
}

/**
 * A failed callback, back to `redirect_to` with `error`, `error_code` and `error_description` in the
 * query and the same in the fragment (supabase-js reads both, query first). Server faults say no more
 * than that.
 */
export function errorRedirect(target: string, error: unknown): string {
  let parameters: Record<string, string>;
  if (error instanceof ProviderRefusal) parameters = { error: error.error, error_description: error.description };
  else if (error instanceof AuthApiError && error.status < 500) {
    parameters = { error: OAUTH_ERRORS[error.status] ?? 'invalid_request', error_code: error.errorCode, error_description: error.message };
  } else parameters = { error: 'server_error', error_code: 'unexpected_failure', error_description: 'Unexpected failure, please check server logs for more information' };
  const url = new URL(withQuery(target, parameters));
  url.hash = new URLSearchParams(parameters).toString();
  return url.toString();
}
