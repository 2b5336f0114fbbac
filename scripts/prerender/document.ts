import { prerenderedStateId } from '../../src/app/prerendered.ts';
import { configPlaceholder, jsonBlock } from '../../server/spa/prerendered-pages.ts';
import type { RenderedPage } from '../../src/prerender/entry-server.tsx';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');


function replaceOnce(html: string, find: RegExp | string, replacement: string): string {
  const found = typeof find === 'string' ? html.includes(find) : find.test(html);
  if (!found) throw new Error(`prerender: index.html has no ${String(find)}`);
  return html.replace(find, () => replacement);
}

/**
 * The built index.html with a prerendered page in it: the page's language, title, description and
 * no-script text, the loader
 * instead of the entry script, its chunk's stylesheets after the entry's, the markup in #root, the
 * state the client compares before hydrating (with the texts), and where the server writes the
 * public config.
 */
export function renderDocument(template: string, page: RenderedPage, stylesheets: readonly string[], loader: string): string {
  // The loader is written into the page: a script of its own was one more request beside the
  // stylesheets before the paint (Lighthouse counted it in the LCP). Nothing in it may end the element.
  if (/<\/script|<!--/i.test(loader)) throw new Error('prerender: the loader holds text that would end its <script>');
  let html = template;
  html = replaceOnce(html, /<html lang="[^"]*">/, `<html lang="${page.state.lng}">`);
  html = replaceOnce(html, /<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`);
  html = replaceOnce(html, /<meta name="description" content="[^"]*" \/>/, `<meta name="description" content="${escapeHtml(page.description)}" />`);
  // index.html says it in both languages (it is served for any address, and is the text's one
  // home); a prerendered page keeps its own language's.
  const noscript = new RegExp(`<p lang="${page.state.lng}">([^<]*)</p>`).exec(/<noscript>([\s\S]*?)<\/noscript>/.exec(html)?.[1] ?? '')?.[1];
  if (!noscript) throw new Error(`prerender: index.html's <noscript> has no <p lang="${page.state.lng}">`);
  html = replaceOnce(html, /<noscript>[\s\S]*?<\/noscript>/, `<noscript>${noscript}</noscript>`);
  // The page is drawn from the HTML and styles alone: its code is fetched and run by the loader
  // once the page has been painted (scripts/prerender/after-paint.js), so the paint shares the
  // connection with nothing but the stylesheets. The server allows the loader by its hash
  // (server/spa/prerendered.ts): the policy allows no other inline script.
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
  html = replaceOnce(html, entry, `<script type="module" data-entry="${entry.exec(html)?.[1] ?? ''}">${loader}</script>`);
  html = html.replace(/\n\s*<link rel="modulepreload"[^>]*>/g, '');
  const links = stylesheets.filter((href) => !html.includes(`href="${href}"`)).map((href) => `<link rel="stylesheet" crossorigin href="${href}">`);
  html = replaceOnce(html, '  </head>', links.map((link) => `    ${link}\n`).join('') + '  </head>');
  const data = `<script type="application/json" id="${prerenderedStateId}">${jsonBlock(JSON.stringify(page.state))}</script>`;
  html = replaceOnce(html, '<div id="root"></div>', `<div id="root">${page.html}</div>\n    ${data}`);
  // Where the server writes the public config: index.html's own place, as in the shell it serves.
  replaceOnce(html, configPlaceholder, configPlaceholder);
  return html;
}
