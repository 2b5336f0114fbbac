import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { transform } from 'esbuild';
import { LEFT_PAGE_KEY, MAX_LEFT_PAGES } from '../../src/platform/analytics/left-page-record.ts';

/**
 * The prerendered page's loader (./after-paint.js) as the build ships it: minified (it is the page's
 * first script; its comments were 2/3 of it), with the pages-left record's key and count put in from
 * the app's left-page-record.ts, their one home (the loader is plain JavaScript and imports nothing).
 */
export async function afterPaintLoader(root: string): Promise<string> {
  const loader = await readFile(join(root, 'scripts', 'prerender', 'after-paint.js'), 'utf8');
  const define = { __LEFT_PAGE_KEY__: JSON.stringify(LEFT_PAGE_KEY), __MAX_LEFT_PAGES__: String(MAX_LEFT_PAGES) };
  const { code } = await transform(loader, { minify: true, format: 'esm', target: 'es2022', define });
  return code;
}
