import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configPlaceholder } from '../../../server/spa/prerendered-pages';
import { buildTestApp } from '../../helpers/app';

/** The prerendered pages as the server answers them (server/spa/prerendered.ts). */
describe('serving the prerendered pages', () => {
  let app: FastifyInstance;
  let clientDir: string;
  // The English start page carries a loader written into it, as the build's do (scripts/prerender/document.ts).
  const loader = "import('/assets/index-x.js');";
  const loaderHash = `'sha256-${createHash('sha256').update(loader).digest('base64')}'`;
  const page = (lng: string) =>
    `<!doctype html><html lang="${lng}"><div id="root"><h1>${lng} hero</h1></div><script type="application/json" id="prerendered">{}</script>${configPlaceholder}${lng === 'en' ? `<script type="module" data-entry="/assets/index-x.js">${loader}</script>` : ''}</html>`;

  beforeAll(async () => {
    clientDir = join(mkdtempSync(join(tmpdir(), 'spa-prerendered-')), 'client');
    mkdirSync(join(clientDir, 'prerendered'), { recursive: true });
    writeFileSync(join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
    for (const lng of ['en', 'fr']) writeFileSync(join(clientDir, 'prerendered', `${lng}.html`), page(lng));
    // The generator: one page per script, in each language at `/voice-generator`, in English at `/en/…`.
    const generator = [1, 2, 3].flatMap((script) => [
      { path: '/voice-generator', lng: 'en', file: `voice-generator-en-${script}.html`, script },
      { path: '/voice-generator', lng: 'fr', file: `voice-generator-fr-${script}.html`, script },
      { path: '/en/voice-generator', lng: 'en', file: `en-voice-generator-${script}.html`, script },
    ]);
    for (const { lng, file, script } of generator) writeFileSync(join(clientDir, 'prerendered', file), page(`${lng} script ${script}`));
    writeFileSync(
      join(clientDir, 'prerendered', 'pages.json'),
      JSON.stringify([{ path: '/en', lng: 'en', file: 'en.html' }, { path: '/fr', lng: 'fr', file: 'fr.html' }, ...generator]),
    );
    app = await buildTestApp({ clientDir });
  });
  afterAll(async () => {
    await app.close();
    rmSync(join(clientDir, '..'), { recursive: true, force: true });
  });

  it('answers its addresses with the page and the public config written in, as /config.json', async () => {
    const config = (await app.inject({ method: 'GET', url: '/config.json' })).json();
    for (const [url, lng] of [
      ['/en', 'en'],
      ['/fr/', 'fr'],
      ['/fr?utm_source=x', 'fr'],
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      expect(response.body).toContain(`<h1>${lng} hero</h1>`);
      const inline = /<script type="application\/json" id="public-config">([^<]*)<\/script>/.exec(response.body)?.[1];
      expect(JSON.parse(inline ?? 'null')).toEqual(config);
    }
    // Other client routes keep index.html.
    expect((await app.inject({ method: 'GET', url: '/en/demo' })).body).toBe('<!doctype html><div id="root"></div>');
  });

  it('compresses for the browser, and never serves the files by their own path', async () => {
    const plain = (await app.inject({ method: 'GET', url: '/en' })).body;
    const br = await app.inject({ method: 'GET', url: '/en', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
    const gz = await app.inject({ method: 'GET', url: '/en', headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain);
    const file = await app.inject({ method: 'GET', url: '/prerendered/en.html' });
    expect(file.body).not.toContain('hero');
  });

  it("allows a page's own loader by its hash on that page's answer only", async () => {
    const scriptSources = (policy: unknown) => /(?:^|;)\s*script-src ([^;]*)/.exec(String(policy))?.[1]?.split(' ');
    const withLoader = await app.inject({ method: 'GET', url: '/en' });
    expect(withLoader.body).toContain(loader);
    expect(scriptSources(withLoader.headers['content-security-policy'])).toEqual(["'self'", loaderHash]);
    // Twice the same: the page keeps its policy, nothing is added again.
    expect((await app.inject({ method: 'GET', url: '/en' })).headers['content-security-policy']).toBe(withLoader.headers['content-security-policy']);
    // The data blocks are never scripts to allow; a page without a loader, the shell and the API keep the base policy.
    for (const url of ['/fr', '/en/demo', '/config.json']) expect(scriptSources((await app.inject({ method: 'GET', url })).headers['content-security-policy']), url).toEqual(["'self'"]);
    const base = (await app.inject({ method: 'GET', url: '/fr' })).headers['content-security-policy'];
    expect(String(withLoader.headers['content-security-policy']).replace(` ${loaderHash}`, '')).toBe(base);
  });

  it("answers / in the visitor's language, English by default", async () => {
    const french = await app.inject({ method: 'GET', url: '/', headers: { 'accept-language': 'de-DE,fr-CA;q=0.8,en;q=0.5' } });
    expect(french.body).toContain('<h1>fr hero</h1>');
    expect(french.headers.vary).toContain('accept-language');
    expect((await app.inject({ method: 'GET', url: '/', headers: { 'accept-language': 'de' } })).body).toContain('<h1>en hero</h1>');
    expect((await app.inject({ method: 'GET', url: '/' })).body).toContain('<h1>en hero</h1>');
  });

  it("answers the generator with one of its scripts' pages at random, in the visitor's language at /voice-generator", async () => {
    const scriptsOf = async (url: string, headers: Record<string, string> = {}) => {
      const seen = new Set<string>();
      for (let visit = 0; visit < 40; visit += 1) seen.add(/<h1>([^<]*) hero<\/h1>/.exec((await app.inject({ method: 'GET', url, headers })).body)?.[1] ?? 'none');
      return [...seen].sort();
    };
    // 40 visits over 3 pages: each is picked (a miss would take (2/3)^40, about 1 in 10 million).
    expect(await scriptsOf('/voice-generator', { 'accept-language': 'fr-FR,fr;q=0.9' })).toEqual(['fr script 1', 'fr script 2', 'fr script 3']);
    expect(await scriptsOf('/voice-generator', { 'accept-language': 'de' })).toEqual(['en script 1', 'en script 2', 'en script 3']);
    expect(await scriptsOf('/en/voice-generator/')).toEqual(['en script 1', 'en script 2', 'en script 3']);
    const french = await app.inject({ method: 'GET', url: '/voice-generator', headers: { 'accept-language': 'fr' } });
    expect(french.headers.vary).toContain('accept-language');
    expect((await app.inject({ method: 'GET', url: '/en/voice-generator' })).headers.vary).toBe('accept-encoding');
    // A language with no generator pages of its own keeps the SPA's shell.
    expect((await app.inject({ method: 'GET', url: '/fr/voice-generator' })).body).toBe('<!doctype html><div id="root"></div>');
  });
});
