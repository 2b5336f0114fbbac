import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers/app';
import { createValidatedUser, startCheckout } from './helpers';

/**
 * The hosted checkout page's frame (#37.5): its header is the page's banner (a child of body, not
 * of main, where a header is no landmark), and the script that keeps a typed card across a language
 * switch is served from this origin (the policy allows no inline script) and stores nothing.
 */
describe('hosted checkout page: banner and language switch', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  for (const lng of ['en', 'fr'] as const) {
    it(`puts the header outside main and marks the language link for the script (${lng})`, async () => {
      const user = await createValidatedUser(app);
      const path = await startCheckout(app, user, `locale=${lng}&interval=monthly&plan=starter&currency=EUR`);
      const html = (await app.inject({ method: 'GET', url: path })).body;
      const body = html.slice(html.indexOf('<body>'));
      // The header comes before main opens and is closed before it.
      expect(body.indexOf('<header>')).toBeGreaterThan(-1);
      expect(body.indexOf('</header>')).toBeLessThan(body.indexOf('<main>'));
      const main = body.slice(body.indexOf('<main>'), body.indexOf('</main>'));
      expect(main).not.toContain('<header');
      expect(body).toMatch(new RegExp(`<a href="${path}\\?lng=${lng === 'en' ? 'fr' : 'en'}"[^>]* data-language-switch>`));
      expect(main).toContain('data-card-form');
      expect(html).toContain('<script src="/checkout/assets/checkout.js" defer></script>');
    });
  }

  it('serves the script from this origin; it keeps the card in the page only', async () => {
    const response = await app.inject({ method: 'GET', url: '/checkout/assets/checkout.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/javascript/);
    // No storage, no cookie, no request but the page's own GET.
    expect(response.body).not.toMatch(/localStorage|sessionStorage|document\.cookie|method:\s*'POST'/);
    expect(response.body).toContain('history.replaceState');
  });
});
