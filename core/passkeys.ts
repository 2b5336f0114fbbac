/**
 * Passkeys (#36): rules the server and the browser share.
 *
 * A relying party ID is a domain: WebAuthn refuses an IP address (v4, or v6 in or out of brackets).
 * The server turns passkeys off when PUBLIC_URL's host is one (server/auth/passkeys/relying-party.ts);
 * the pages hide their passkey buttons when the address bar shows one. `localhost` is a domain.
 */
export function passkeyHostAllowed(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (host === '' || host.includes(':')) return false;
  return !/^\d{1,3}(\.\d{1,3}){3}$/.test(host);
}

/** GoTrue's limit on passkeys per account (config.Passkey.MaxPasskeysPerUser). */
export const MAX_PASSKEYS_PER_USER = 10;

/** The longest name a passkey may be given (GoTrue's friendly_name limit). */
export const PASSKEY_NAME_MAX = 120;
