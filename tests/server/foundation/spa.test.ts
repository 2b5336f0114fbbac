import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configPlaceholder } from '../../../server/spa/prerendered-pages';
import { buildTestApp } from '../../helpers/app';

describe('serving the built SPA', () => {
  let app: FastifyInstance;
  let clientDir: string;
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;

  beforeAll(async () => {
    clientDir = join(mkdtempSync(join(tmpdir(), 'spa-')), 'client');
    mkdirSync(join(clientDir, 'assets'), { recursive: true });
    writeFileSync(join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(clientDir, 'assets', 'main-abc123.js'), script);
    writeFileSync(join(clientDir, 'assets', 'main-abc123.js.br'), brotliCompressSync(script));
    writeFileSync(join(clientDir, 'assets', 'main-abc123.js.gz'), gzipSync(script));
    app = await buildTestApp({ clientDir });
  });
  afterAll(async () => {
    await app.close();
    rmSync(join(clientDir, '..'), { recursive: true, force: true });
  });

  it('sends hashed assets precompressed and cached as immutable', async () => {
    const br = await app.inject({ method: 'GET', url: '/assets/main-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.length).toBeLessThan(script.length);

    const gz = await app.inject({ method: 'GET', url: '/assets/main-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');

    const plain = await app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('answers client routes with index.html, never cached', async () => {
    for (const url of ['/', '/en', '/fr/onboarding/steps/size?plan=starter', '/voice-generator']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('keeps API 404s as JSON and missing assets as 404', async () => {
    const api = await app.inject({ method: 'GET', url: '/v1/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'NOT_FOUND' });
    const asset = await app.inject({ method: 'GET', url: '/assets/missing-000.js' });
    expect(asset.statusCode).toBe(404);
  });
});

/**
 * index.html as the build writes it has a place for the public config: every client route's shell is
 * answered with it written in, so the page's script does not ask /config.json after it has run.
 */
describe('serving the SPA shell with the public config in it', () => {
  let app: FastifyInstance;
  let clientDir: string;
  const shell = `<!doctype html><div id="root"></div>${configPlaceholder}<script type="module" src="/assets/main.js"></script>`;

  beforeAll(async () => {
    clientDir = join(mkdtempSync(join(tmpdir(), 'spa-shell-')), 'client');
    mkdirSync(join(clientDir, 'assets'), { recursive: true });
    writeFileSync(join(clientDir, 'index.html'), shell);
    app = await buildTestApp({ clientDir });
  });
  afterAll(async () => {
    await app.close();
    rmSync(join(clientDir, '..'), { recursive: true, force: true });
  });

  it('writes in what /config.json answers, as a data block, at every client route, never cached', async () => {
    const config = (await app.inject({ method: 'GET', url: '/config.json' })).json();
    for (const url of ['/account', '/fr/onboarding/steps/size?plan=starter', '/en/failure']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).not.toContain(configPlaceholder);
      const inline = /<script type="application\/json" id="public-config">([^<]*)<\/script>/.exec(response.body)?.[1];
      expect(JSON.parse(inline ?? 'null'), url).toEqual(config);
      expect(response.body).toContain('<script type="module" src="/assets/main.js"></script>');
    }
  });

  it('compresses it for the browser, the same page in each encoding', async () => {
    const plain = (await app.inject({ method: 'GET', url: '/account' })).body;
    const br = await app.inject({ method: 'GET', url: '/account', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
  });
});
