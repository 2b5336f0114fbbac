import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HttpError } from './errors';

/** Deeper than any payload of this product; far below what would exhaust the stack in validation. */
export const MAX_JSON_DEPTH = 64;

/**
 * The one rule for every text the server accepts: no NUL (Postgres text and jsonb refuse it, so it
 * would surface as a 500) and no unpaired UTF-16 surrogate (not encodable as UTF-8, refused by jsonb).
 * Applied to every string and key of every body, query and path parameter (see `installInputGuards`),
 * so no route has to remember it.
 */
// NUL is exactly what this rule refuses, so the control character is meant.
// eslint-disable-next-line no-control-regex
const NUL_OR_LONE_SURROGATE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const acceptedText = z.string().refine((text) => !NUL_OR_LONE_SURROGATE.test(text), {
  message: 'Text must not contain NUL characters or unpaired surrogates',
});

/** Whether a JSON text nests arrays/objects deeper than `max`: a linear scan, before any parsing. */
export function jsonNestingExceeds(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c) index += 1; // backslash: skip the escaped character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x5b || char === 0x7b) {
      depth += 1;
      if (depth > max) return true;
    } else if (char === 0x5d || char === 0x7d) {
      depth -= 1;
    }
  }
  return false;
}

/** The first place a parsed value breaks the rules (too deep, or a refused text), else null. */
export function refusedInput(value: unknown, where: string): string | null {
  if (isEmpty(value)) return null; // most requests: no body, no query, no path parameter
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: where, depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop() as { value: unknown; path: string; depth: number };
    if (typeof item.value === 'string') {
      if (NUL_OR_LONE_SURROGATE.test(item.value)) return `${item.path}: text must not contain NUL characters or unpaired surrogates`;
      continue;
    }
    // Raw bodies (signed webhooks) are bytes, checked by their own route.
    if (item.value === null || typeof item.value !== 'object' || ArrayBuffer.isView(item.value)) continue;
    if (item.depth >= MAX_JSON_DEPTH) return `${item.path}: nested deeper than ${MAX_JSON_DEPTH} levels`;
    for (const [key, child] of Object.entries(item.value)) {
      if (NUL_OR_LONE_SURROGATE.test(key)) return `${item.path}: a key must not contain NUL characters or unpaired surrogates`;
      stack.push({ value: child, path: `${item.path}.${key}`, depth: item.depth + 1 });
    }
  }
  return null;
}

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value !== 'object' || ArrayBuffer.isView(value)) return false;
  // Own enumerable string keys, what the walk reads (Object.entries), without making the list.
  for (const key in value) if (Object.hasOwn(value, key)) return false;
  return true;
}

// A hostname (underscores allowed: container names), IPv4 or bracketed IPv6 literal, and an optional port up to 65535.
const HOST_HEADER = /^(?:[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?(?:\.[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?)*\.?|\[[0-9A-Fa-f:.]+\])(?::(\d{1,5}))?$/;

// Nearly every request names one of a few hosts: those already found valid skip the pattern.
const validHosts = new Set<string>();

export function validHostHeader(host: string | undefined): boolean {
  if (host === undefined) return true; // HTTP/1.0 may omit it; nothing here reads it
  if (validHosts.has(host)) return true;
  const match = HOST_HEADER.exec(host);
  const valid = match !== null && (match[1] === undefined || Number(match[1]) <= 65_535);
  if (valid) {
    // Bounded: a client naming a new host on every request only ever refills it.
    if (validHosts.size >= 64) validHosts.clear();
    validHosts.add(host);
  }
  return valid;
}

/** The root's check of the Host header (app.ts runs it in its one onRequest hook). */
export function hostRefusal(host: string | undefined): HttpError | undefined {
  return validHostHeader(host) ? undefined : new HttpError(400, 'BAD_HOST', 'The Host header is not a valid host');
}

/**
 * Hostile input answered 4xx before any handler runs (#12 finding 8): JSON nested past
 * MAX_JSON_DEPTH (refused before parsing), and NUL or lone surrogates anywhere in a body, query or
 * path parameter (a Host that is not a host: `hostRefusal`, in the root's onRequest hook). Hooks on
 * the root reach every capability, including the auth service's own JSON parser.
 */
export function installInputGuards(app: FastifyInstance): void {
  const defaultJsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonNestingExceeds(text)) {
      done(new HttpError(400, 'JSON_TOO_DEEP', `JSON may nest at most ${MAX_JSON_DEPTH} levels`), undefined);
      return;
    }
    defaultJsonParser(request, text, done);
  });

  app.addHook('preValidation', (request, _reply, done) => {
    const refused = refusedInput(request.params, 'params') ?? refusedInput(request.query, 'query') ?? refusedInput(request.body, 'body');
    done(refused ? new HttpError(400, 'INVALID_TEXT', refused) : undefined);
  });
}
