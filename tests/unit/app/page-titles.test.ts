import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { paths, type PathName } from '../../../core/routes/paths';
import { routePages } from '../../../src/app/routes';

const titles = (lng: 'en' | 'fr') =>
  (JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'locales', lng, 'common.json'), 'utf8')) as { titles: Record<string, string> }).titles;

describe('page titles', () => {
  it('names every routed page in en and fr, differently per language', () => {
    const routed = (Object.keys(paths) as PathName[]).filter((name) => name !== 'root');
    expect(routed.sort()).toEqual(Object.keys(routePages).sort());
    const en = titles('en');
    const fr = titles('fr');
    for (const name of routed) {
      expect(en[name], `en title of ${name}`).toBeTruthy();
      expect(fr[name], `fr title of ${name}`).toBeTruthy();
    }
    // French pages are not titled in English (the "same title on every page, in French too").
    const differing = routed.filter((name) => en[name] !== fr[name]);
    expect(differing.length).toBeGreaterThan(routed.length - 3);
    expect(en.pattern).toContain('{{page}}');
  });
});
