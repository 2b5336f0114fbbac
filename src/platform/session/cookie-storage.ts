/**
 * The Supabase session lives in a cookie shared by the product's subdomains (SPEC §3): the value is
 * `base64-` + base64url(UTF-8 JSON), split into chunks of 3500 characters named `<key>.0`, `<key>.1`, …
 * (a value that fits is one cookie named `<key>`), SameSite=Strict, Secure except on
 * http://localhost, max-age 90 days. Reading reassembles the chunks; a set that no longer decodes is
 * removed rather than thrown.
 */
export const CHUNK_SIZE = 3500;
export const COOKIE_MAX_AGE_SECONDS = 7_776_000;
const PREFIX = 'base64-';

export interface CookieJar {
  /** `document.cookie` as read. */
  read(): string;
  /** One `document.cookie = …` assignment. */
  write(cookie: string): void;
}

export interface CookieStorageOptions {
  domain?: string | null;
  /** False only for http://localhost (and other loopback hosts) where Secure cookies are not kept. */
  secure: boolean;
  jar?: CookieJar;
}

const documentJar: CookieJar = {
  read: () => document.cookie,
  write: (cookie) => {
    document.cookie = cookie;
  },
};

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(value: string): string {
  const padded = value.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (value.length % 4)) % 4);
  const binary = atob(padded);
  // A plain loop: Uint8Array.from with a mapping function walks the string through its iterator,
  // ~5× slower cold, and this runs in the page's start-up.
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

export function encodeValue(value: string): string {
  return PREFIX + toBase64Url(value);
}

/** The decoded value, or null when it is not ours or does not decode. */
export function decodeValue(raw: string): string | null {
  if (!raw.startsWith(PREFIX)) return null;
  try {
    return fromBase64Url(raw.slice(PREFIX.length));
  } catch {
    return null;
  }
}

export function splitChunks(value: string, size = CHUNK_SIZE): string[] {
  const chunks: string[] = [];
  for (let index = 0; index < value.length; index += size) chunks.push(value.slice(index, index + size));
  return chunks.length > 0 ? chunks : [''];
}

function parseCookies(header: string): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!name || cookies.has(name)) continue;
    cookies.set(name, part.slice(eq + 1).trim());
  }
  return cookies;
}

/** A supabase-js `storage` backed by chunked cookies. */
export function createCookieStorage(options: CookieStorageOptions) {
  const jar = options.jar ?? documentJar;
  const attributes = (maxAge: number) =>
    [`Path=/`, `Max-Age=${maxAge}`, `SameSite=Strict`, options.domain ? `Domain=${options.domain}` : null, options.secure ? 'Secure' : null]
      .filter(Boolean)
      .join('; ');

  /** The names belonging to a key: `<key>` and `<key>.<n>`. */
  const namesOf = (key: string) => {
    const names: string[] = [];
    for (const name of parseCookies(jar.read()).keys()) {
      if (name === key || (name.startsWith(`${key}.`) && /^\d+$/.test(name.slice(key.length + 1)))) names.push(name);
    }
    return names;
  };

  const removeAll = (key: string, keep: Set<string> = new Set()) => {
    for (const name of namesOf(key)) if (!keep.has(name)) jar.write(`${name}=; ${attributes(0)}`);
  };

  return {
    getItem(key: string): string | null {
      const cookies = parseCookies(jar.read());
      let raw = cookies.get(key);
      if (raw === undefined) {
        const parts: string[] = [];
        for (let index = 0; cookies.has(`${key}.${index}`); index += 1) parts.push(cookies.get(`${key}.${index}`) ?? '');
        if (parts.length === 0) {
          // Stray chunks without a .0 can never be read back: clear them.
          if (namesOf(key).length > 0) removeAll(key);
          return null;
        }
        // A gap (k.0, k.2 without k.1) means a partly overwritten set: it cannot be trusted.
        if (namesOf(key).length !== parts.length) {
          removeAll(key);
          return null;
        }
        raw = parts.join('');
      }
      let value: string | null;
      try {
        value = decodeValue(decodeURIComponent(raw));
      } catch {
        value = null;
      }
      if (value === null) {
        removeAll(key);
        return null;
      }
      return value;
    },
    setItem(key: string, value: string): void {
      const encoded = encodeValue(value);
      const chunks = encoded.length <= CHUNK_SIZE ? null : splitChunks(encoded);
      const names = chunks ? chunks.map((_, index) => `${key}.${index}`) : [key];
      // Drop what the new value does not overwrite (a shorter chunk set, or the other layout).
      removeAll(key, new Set(names));
      if (!chunks) {
        jar.write(`${key}=${encoded}; ${attributes(COOKIE_MAX_AGE_SECONDS)}`);
        return;
      }
      chunks.forEach((chunk, index) => jar.write(`${key}.${index}=${chunk}; ${attributes(COOKIE_MAX_AGE_SECONDS)}`));
    },
    removeItem(key: string): void {
      removeAll(key);
    },
  };
}

/** Secure everywhere except plain-http loopback development hosts. */
export function cookieShouldBeSecure(location: Pick<Location, 'protocol' | 'hostname'>): boolean {
  const loopback = location.hostname === 'localhost' || location.hostname === '127.0.0.1' || location.hostname === '[::1]';
  return !(location.protocol === 'http:' && loopback);
}
