import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decideRoute } from '../../../core/routes/route-matching';
import { projectRoot } from '../../../server/config/project-root';
import { prerenderedPages } from '../../../server/spa/prerendered-pages';
import { routePages } from '../../../src/app/routes';

describe('the prerendered pages list', () => {
  it('names the start page, the demo and the sign-in page (#40.2) and the paywall frame, in en and fr', () => {
    expect(prerenderedPages.map((page) => page.path).sort()).toEqual(
      ['/en', '/fr', '/en/demo', '/fr/demo', '/en/sign-in-otp', '/fr/sign-in-otp', '/en/onboarding/checkout-form', '/fr/onboarding/checkout-form'].sort(),
    );
  });

  it('routes each address to a page in its own language, renders it for a browser of that language, and writes each to its own file', () => {
    for (const page of prerenderedPages) {
      const decision = decideRoute(page.path, () => 'en');
      expect(decision).toMatchObject({ kind: 'page', lng: page.lng });
      if (decision.kind !== 'page') continue;
      expect(routePages[decision.name]).toBeDefined();
      expect(page.browserLanguages[0]?.startsWith(`${page.lng}-`)).toBe(true);
      // The build links the stylesheets of this module's chunk (scripts/vite-prerender.ts).
      expect(existsSync(join(projectRoot(), page.module))).toBe(true);
    }
    expect(new Set(prerenderedPages.map((page) => page.file)).size).toBe(prerenderedPages.length);
  });
});
