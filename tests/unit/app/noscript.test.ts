import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderDocument } from '../../../scripts/prerender/document';
import { projectRoot } from '../../../server/config/project-root';
import type { RenderedPage } from '../../../src/prerender/entry-server';

const root = projectRoot();
const noscriptOf = (lng: 'en' | 'fr') => (lng === 'fr' ? 'Ce site a besoin de JavaScript. Activez-le, puis rechargez la page.' : 'This site needs JavaScript. Turn it on, then reload the page.');

describe('what a visitor without JavaScript reads (#26.8)', () => {
  it('index.html, served for any address, says it in English and in French, each marked with its language', () => {
    const html = readFileSync(join(root, 'index.html'), 'utf8');
    expect(html).toContain(`<p lang="en">${noscriptOf('en')}</p>`);
    expect(html).toContain(`<p lang="fr">${noscriptOf('fr')}</p>`);
  });

  it('a prerendered page says it in its own language only', () => {
    const template = readFileSync(join(root, 'index.html'), 'utf8').replace('<script type="module" src="/src/main.tsx"></script>', '<script type="module" crossorigin src="/assets/index.js"></script>');
    const page = { html: '<main></main>', title: 'Essai', description: 'Desc', state: { page: 'home', lng: 'fr', country: 'FR', texts: {} } } as unknown as RenderedPage;
    const html = renderDocument(template, page, [], '/assets/loader.js');
    expect(html).toContain(`<noscript>${noscriptOf('fr')}</noscript>`);
    expect(html).not.toContain(noscriptOf('en'));
    expect(html).toContain('<html lang="fr">');
  });
});
