import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decideRoute } from '../../../core/routes/route-matching';
import { projectRoot } from '../../../server/config/project-root';
import { prerenderedPages } from '../../../server/spa/prerendered-pages';
import { routePages } from '../../../src/app/routes';
import { greetingTemplateCount } from '../../../core/contracts/greetings';

describe('the prerendered pages list', () => {
  it('names the start page, the demo and the sign-in page (#40.2), the paywall frame and the greeting builder, in en and fr', () => {
    expect(prerenderedPages.map((page) => `${page.path} ${page.lng}`).sort()).toEqual(
      [
        ...['/en', '/en/demo', '/en/sign-in-otp', '/en/onboarding/checkout-form', '/en/voice-generator'].flatMap((path) => [`${path} en`, `${path.replace('/en', '/fr')} fr`]),
        // At /voice-generator, the browser's language (the server picks by Accept-Language).
        '/voice-generator en',
        '/voice-generator fr',
      ].sort(),
    );
    // The builder once per sample script (SPEC §2: it opens on one at random).
    for (const page of prerenderedPages) expect(page.scripts ?? 1).toBe(page.module.includes('voice-generator') ? greetingTemplateCount : 1);
  });

  it('routes each address to a page in its own language, renders it for a browser of that language, and writes each to its own file', () => {
    for (const page of prerenderedPages) {
      // For a browser of the page's language: an address without one speaks the browser's.
      const decision = decideRoute(page.path, () => page.lng);
      expect(decision).toMatchObject({ kind: 'page' });
      if (decision.kind === 'page' && 'lng' in decision) expect(decision.lng).toBe(page.lng);
      if (decision.kind !== 'page') continue;
      expect(routePages[decision.name]).toBeDefined();
      expect(page.browserLanguages[0]?.startsWith(`${page.lng}-`)).toBe(true);
      // The build links the stylesheets of this module's chunk (scripts/vite-prerender.ts).
      expect(existsSync(join(projectRoot(), page.module))).toBe(true);
    }
    expect(new Set(prerenderedPages.map((page) => page.file)).size).toBe(prerenderedPages.length);
  });
});
