import { validationFailed } from './errors';

/**
 * What a person may keep in `user_metadata`, in bytes of JSON. It travels twice in every session
 * (in the access token's claims and in the stored user beside it) and so in the session cookie: at
 * 16 KB an aal1 token could write enough to grow the cookie to 21 KB in 7 chunks, past common header
 * limits, and every request of that browser answered 431 (#25 finding 9). The SPA keeps only its
 * language there; 1 KB leaves the cookie well under 8 KB.
 */
export const USER_METADATA_MAX_BYTES = 1024;

/** The metadata after a patch (a null value removes its key), refused with 422 when over the bound. */
export function mergeUserMetadata(current: Record<string, unknown>, patch: Record<string, unknown> | null | undefined): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(patch ?? {})) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  if (Buffer.byteLength(JSON.stringify(merged), 'utf8') > USER_METADATA_MAX_BYTES) {
    throw validationFailed(`user_metadata must stay under ${USER_METADATA_MAX_BYTES} bytes`);
  }
  return merged;
}
