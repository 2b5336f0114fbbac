import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { withScriptHashes } from '../http/security-headers';
import { configuredPage, hasConfigPlace, sendConfiguredPage, type ConfiguredPage } from './configured-page';
import { prerenderedDir, type PrerenderedPageFile } from './prerendered-pages';

interface LoadedPage extends ConfiguredPage {
  lng: string;
  /** The CSP hash of each script written into the page (its loader, scripts/prerender/document.ts). */
  scriptHashes: readonly string[];
  /** The policy it was last answered with, and the one it was given (the same for every request). */
  policy?: { base: string; withScripts: string };
}

/** The CSP source allowing each script written into a page (not its JSON data blocks, which never run). */
export function inlineScriptHashes(html: string): string[] {
  const scripts = html.matchAll(/<script(?![^>]*type="application\/json")[^>]*>([\s\S]*?)<\/script>/g);
  return [...scripts].filter(([, code]) => code).map(([, code]) => `'sha256-${createHash('sha256').update(code ?? '').digest('base64')}'`);
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
    if (!hasConfigPlace(template)) throw new Error(`${file.file} has no place for the public config`);
    const byLanguage = byPath.get(file.path) ?? new Map<string, LoadedPage[]>();
    byLanguage.set(file.lng, [...(byLanguage.get(file.lng) ?? []), { ...configuredPage(template), lng: file.lng, scriptHashes: inlineScriptHashes(template) }]);
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

  return {
    serve(request, reply, path, configJson) {
      const byLanguage = byPath.get(path === '/' ? path : path.replace(/\/$/, ''));
      const page = byLanguage && pick(byLanguage, request.headers['accept-language']);
      if (!byLanguage || !page) return false;
      // The page's own scripts are allowed on the page alone: the policy set for every answer is the base.
      const base = reply.getHeader('content-security-policy');
      if (typeof base === 'string' && page.scriptHashes.length > 0) {
        if (page.policy?.base !== base) page.policy = { base, withScripts: withScriptHashes(base, page.scriptHashes) };
        reply.header('content-security-policy', page.policy.withScripts);
      }
      sendConfiguredPage(request, reply, page, configJson(), byLanguage.size > 1 ? 'accept-encoding, accept-language' : 'accept-encoding');
      return true;
    },
  };
}
