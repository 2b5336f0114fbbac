import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { inlineConfigId } from '../../core/routes/inline-config';
import { configPlaceholder, jsonBlock, prerenderedDir, type PrerenderedPageFile } from './prerendered-pages';

/** A page's bytes in each encoding, made once per config (the config rarely changes). */
interface Encoded {
  configJson: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

interface LoadedPage {
  lng: string;
  template: string;
  encoded: Encoded | null;
}

/** The encoding to answer in: brotli, then gzip, when the request accepts them (q=0 refuses). */
function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | 'identity' {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, quality]) => !/^\s*q=0(\.0*)?\s*$/.test(quality ?? ''))
      .map(([name]) => name),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}

/** The first of the visitor's languages we have a start page in (`/` redirects there in the client too). */
function languageFor(acceptLanguage: string | undefined, available: readonly string[], fallback: string): string {
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', quality] = part.trim().toLowerCase().split(';');
      const q = quality?.trim().startsWith('q=') ? Number(quality.trim().slice(2)) : 1;
      return { base: tag.split('-')[0] ?? '', q: Number.isFinite(q) ? q : 0 };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q);
  return ranked.find((entry) => available.includes(entry.base))?.base ?? fallback;
}

export interface PrerenderedPages {
  /** Answers the request with its prerendered page; false when the address has none. */
  serve(request: FastifyRequest, reply: FastifyReply, path: string, configJson: () => string): boolean;
}

/**
 * The landing pages rendered at build time (scripts/vite-prerender.ts), read once at start. Each is
 * answered with the public config written in (what /config.json answers, built from configuration,
 * never from the request), compressed once per config. `/` gets the start page in the visitor's
 * language (Accept-Language, as the client's redirect would pick without a stored choice), and so
 * does any address with pages in several languages (`/voice-generator`); a generator address is
 * answered with one of its scripts' pages at random (SPEC §2: it opens on a random script).
 */
export function loadPrerenderedPages(clientDir: string): PrerenderedPages | null {
  const listing = join(clientDir, prerenderedDir, 'pages.json');
  if (!existsSync(listing)) return null;
  const files = JSON.parse(readFileSync(listing, 'utf8')) as PrerenderedPageFile[];
  // An address's pages: one, or one per language (`/voice-generator`), each once or once per script.
  const byPath = new Map<string, Map<string, LoadedPage[]>>();
  for (const file of files) {
    const template = readFileSync(join(clientDir, prerenderedDir, file.file), 'utf8');
    if (!template.includes(configPlaceholder)) throw new Error(`${file.file} has no place for the public config`);
    const byLanguage = byPath.get(file.path) ?? new Map<string, LoadedPage[]>();
    byLanguage.set(file.lng, [...(byLanguage.get(file.lng) ?? []), { lng: file.lng, template, encoded: null }]);
    byPath.set(file.path, byLanguage);
  }
  // `/` answers with the start page of the visitor's language.
  const startPages = new Map([...byPath].flatMap(([path, byLanguage]) => [...byLanguage].filter(([lng]) => path === `/${lng}`)));
  byPath.set('/', startPages);
  /** The page to answer with: in the visitor's language where the address has several, one of its scripts at random. */
  const pick = (byLanguage: Map<string, LoadedPage[]>, acceptLanguage: string | undefined): LoadedPage | undefined => {
    const languages = [...byLanguage.keys()];
    // With one language, that one (languageFor falls back to it).
    const pages = byLanguage.get(languageFor(acceptLanguage, languages, languages[0] ?? 'en')) ?? [];
    return pages[Math.floor(Math.random() * pages.length)];
  };

  const encode = (page: LoadedPage, configJson: string): Encoded => {
    if (page.encoded?.configJson === configJson) return page.encoded;
    const html = page.template.replace(configPlaceholder, () => `<script type="application/json" id="${inlineConfigId}">${jsonBlock(configJson)}</script>`);
    const identity = Buffer.from(html);
    page.encoded = {
      configJson,
      identity,
      br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
      gzip: gzipSync(identity, { level: 9 }),
    };
    return page.encoded;
  };

  return {
    serve(request, reply, path, configJson) {
      const byLanguage = byPath.get(path === '/' ? path : path.replace(/\/$/, ''));
      const page = byLanguage && pick(byLanguage, request.headers['accept-language']);
      if (!byLanguage || !page) return false;
      const encoded = encode(page, configJson());
      const encoding = pickEncoding(request.headers['accept-encoding']);
      reply.header('content-type', 'text/html; charset=utf-8');
      reply.header('cache-control', 'no-cache');
      reply.header('vary', byLanguage.size > 1 ? 'accept-encoding, accept-language' : 'accept-encoding');
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      void reply.send(encoded[encoding]);
      return true;
    },
  };
}
