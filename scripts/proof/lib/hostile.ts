import fc from 'fast-check';

/**
 * The hostile input the fuzz mixes into otherwise well-formed requests: characters databases and
 * parsers choke on, sizes past the limits, nesting past the stack, and the shapes a careless
 * handler trusts.
 */

/** Characters that break text columns, JSON encoders and URL decoders. */
const nastyChar = fc.constantFrom('\u0000', '\ud800', '\udfff', '\udbff', '\ufffe', '\uffff', '\ufeff', '\u202e', '\u2028', '\u0085', '\r', '\n', '\t', '\\', '"', "'", '%', '<', '>', '&', '/', '?', '#', '+', ' ', 'é', '💥');

/** Any UTF-16 unit, lone surrogates included (fast-check's `binary` unit leaves those out). */
const anyUnit = fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit));

const mixed = fc.string({ unit: fc.oneof({ weight: 2, arbitrary: nastyChar }, { weight: 2, arbitrary: anyUnit }, { weight: 3, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) }), maxLength: 40 });

const fixed = fc.constantFrom(
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '',
  ' ',
  '\u202egnp.exe',
  "'; drop table auth_users; --",
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '%00',
  '%ED%A0%80',
  '${jndi:ldap://x}',
  '__proto__',
  'constructor',
  'null',
  'NaN',
  '1e309',
  '-0',
  'ada@acme-widgets.com\u0000',
  '+33612345678\u0000',
  '0'.repeat(400),
  'é'.normalize('NFD').repeat(50),
);

/** A big string: past most max lengths, under or over the 256 KB body limit. */
const huge = fc.constantFrom(10_000, 100_000, 300_000).chain((size) => fc.constantFrom('a', '\u0000', '💥').map((unit) => unit.repeat(size / unit.length)));

export const hostileString: fc.Arbitrary<string> = fc.oneof({ weight: 4, arbitrary: fixed }, { weight: 4, arbitrary: mixed }, { weight: 1, arbitrary: huge });

/** Any hostile JSON value: wrong types, extreme numbers, odd containers. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, 0, -1, 1e308, -1e308, 2 ** 53 + 1, 0.1, -0, [], {}, [null], { '': '' }) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** JSON text nested `depth` levels deep (arrays or objects), for the stack-depth probe. */
export function deepJson(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array' ? `${'['.repeat(depth)}1${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/**
 * Percent-encodes a string for a URL the way a hostile client can: lone surrogates as the bytes of
 * their WTF-8 form (which no UTF-8 decoder accepts), everything else as UTF-8.
 */
export function encodeComponent(value: string): string {
  let out = '';
  for (let index = 0; index < value.length; index += 1) {
    const unit = value.charCodeAt(index);
    const next = value.charCodeAt(index + 1);
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(value.slice(index, index + 2));
      index += 1;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
    } else {
      out += encodeURIComponent(value[index] ?? '');
    }
  }
  return out;
}

/** Raw path segments and query values sent without encoding: bad escapes, traversal, NUL, overlong UTF-8. */
export const rawSegment = fc.constantFrom('%', '%ZZ', '%00', '%ED%A0%80', '%C0%AF', '%FF%FE', '%2e%2e', '..', '.', '%2F', 'a%2Fb', '%5C', ';', 'a;b=c', '%0D%0Ax', 'x'.repeat(2000));

/** Host headers a client can send: another site, ports out of range, broken IPv6, huge. */
export const hostileHost = fc.constantFrom('evil.example', 'evil.example:443', 'x:99999', 'x:0', '127.0.0.1:65536', 'localhost:abc', '[::1', '[::1]:99999', ':80', '', 'a'.repeat(2000), 'xn--', 'exa mple.com', 'ex@mple.com', '127.0.0.1:80:80', '..', 'é.example');

/** Header values a client can put on the wire (HTTP allows tab, printable ASCII and bytes 0x80–0xFF). */
export const hostileHeaderValue = fc.oneof(
  fc.constantFrom('', ' ', 'x'.repeat(8000), '%00', '\u00ff\u00fe', '"', 'a, b, c', '=;=;', 'sb-x-auth-token=%E0%A4%A', 'base64-!!!', 'bytes=99999999999-', 'bytes=-0', 'bytes=5-1', 'bytes=0-1,2-3,4-5'),
  fc.string({ unit: fc.integer({ min: 0x20, max: 0xff }).filter((code) => code !== 0x7f).map((code) => String.fromCharCode(code)), maxLength: 60 }),
);

/** Content types a client can claim for a body. */
export const contentTypes = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  'application/vnd.api+json',
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=proof',
  'application/xml',
  'application/octet-stream',
  'application/json; boundary=',
  ';',
  '*/*',
] as const;

/** Whole bodies a client can send whatever the route expects. */
export const hostileBody = fc.constantFrom(
  '',
  '{',
  '{"a":',
  'null',
  '[]',
  '"text"',
  '1',
  'true',
  '\ufeff{}',
  '{"a":1,"a":2}',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"a":"\\u0000"}',
  '{"a":"\\ud800"}',
  '{"a":1e999999}',
  'a=1&b=2',
  '--proof\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--proof--\r\n',
  '<?xml version="1.0"?><a/>',
);
