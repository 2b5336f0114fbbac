import { execFile } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type ResolvedConfig, type Rollup } from 'vite';
import { prerenderedPages, scriptFile, type PrerenderedPage, type PrerenderedPageFile } from '../server/spa/prerendered-pages.ts';
import { afterPaintLoader } from './prerender/after-paint-loader.ts';
import { renderDocument } from './prerender/document.ts';

const run = promisify(execFile);

/**
 * Each address is rendered in its own process (the app chart is a singleton started from the
 * address): once, or once per script of a generator page.
 */
const RENDER = `const [bundle, path, languages, scripts] = process.argv.slice(1);
const { renderPages } = await import(bundle);
// Exits once written: a pipe takes a large page set in several writes.
process.stdout.write(JSON.stringify(await renderPages(path, JSON.parse(languages), JSON.parse(scripts))), () => process.exit(0));`;

/**
 * The stylesheets a page's chunk brings, its static imports' first, in the order Vite's loader
 * would add them, so the prerendered page is styled as soon as they arrive (not once its JS runs).
 */
function stylesheetsOf(bundle: Rollup.OutputBundle, root: string, module: string): string[] {
  const chunks = Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
  // Its own chunk, or the group it was put in (vite.config.ts codeSplitting groups).
  const page =
    chunks.find((chunk) => chunk.facadeModuleId !== null && relative(root, chunk.facadeModuleId) === module) ??
    chunks.find((chunk) => chunk.moduleIds.some((id) => relative(root, id) === module));
  if (!page) throw new Error(`prerender: no chunk for ${module} (has the page moved? see server/spa/prerendered-pages.ts)`);
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const seen = new Set<string>();
  const css: string[] = [];
  const visit = (chunk: Rollup.OutputChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    for (const name of chunk.imports) {
      const imported = byName.get(name);
      if (imported) visit(imported);
    }
    for (const file of chunk.viteMetadata?.importedCss ?? []) if (!css.includes(file)) css.push(file);
  };
  visit(page);
  return css.map((file) => `/${file}`);
}

/**
 * Prerenders the landing pages after the client build (#16): an SSR build of
 * src/prerender/entry-server.tsx renders each address of server/spa/prerendered-pages.ts with
 * react-dom/static, and the page is written from the built index.html with that markup in #root,
 * its stylesheets linked and its texts inlined (dist/client/prerendered/). The server serves them
 * for those addresses with the config inlined; the client hydrates them (src/main.tsx). Being part of
 * `vite build`, they are made from the same sources as the bundle every time.
 */
export function prerender(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'prerender',
    apply: (userConfig, env) => env.command === 'build' && !userConfig.build?.ssr,
    configResolved(resolved) {
      config = resolved;
    },
    async writeBundle(_options, bundle) {
      const root = config.root;
      const outDir = resolve(root, config.build.outDir);
      const serverOutDir = join(root, 'dist', 'prerender');
      await build({
        configFile: false,
        root,
        mode: 'production',
        // The client build has reported on the same sources.
        logLevel: 'error',
        plugins: [react(), vanillaExtractPlugin()],
        build: {
          ssr: 'src/prerender/entry-server.tsx',
          outDir: serverOutDir,
          emptyOutDir: true,
          target: 'node20',
          minify: false,
          rolldownOptions: { output: { entryFileNames: 'entry-server.mjs' } },
        },
      });
      const template = await readFile(join(outDir, 'index.html'), 'utf8');
      const loader = await afterPaintLoader(root);
      const bundleUrl = pathToFileURL(join(serverOutDir, 'entry-server.mjs')).href;
      const written: PrerenderedPageFile[] = [];
      await mkdir(join(outDir, 'prerendered'), { recursive: true });
      const renderOne = async (page: PrerenderedPage) => {
        const scripts = Array.from({ length: page.scripts ?? 0 }, (_, offset) => offset + 1);
        const { stdout } = await run(process.execPath, ['--input-type=module', '-e', RENDER, bundleUrl, page.path, JSON.stringify(page.browserLanguages), JSON.stringify(scripts)], {
          cwd: root,
          env: { ...process.env, NODE_ENV: 'production' },
          maxBuffer: 64 * 1024 * 1024,
        });
        const pages = JSON.parse(stdout) as Parameters<typeof renderDocument>[1][];
        const stylesheets = stylesheetsOf(bundle, root, page.module);
        const files: PrerenderedPageFile[] = [];
        for (const [index, rendered] of pages.entries()) {
          if (rendered.state.lng !== page.lng) throw new Error(`prerender: ${page.path} rendered in ${rendered.state.lng}, expected ${page.lng}`);
          const script = scripts[index];
          const file = script === undefined ? page.file : scriptFile(page.file, script);
          await writeFile(join(outDir, 'prerendered', file), renderDocument(template, rendered, stylesheets, loader));
          files.push({ path: page.path, lng: page.lng, file, ...(script === undefined ? {} : { script }) });
        }
        return files;
      };
      // Two at a time: each is a Node process that mostly runs on its own (the build's other work is
      // done). Kept by the table's index, so pages.json is in the table's order.
      const byPage: PrerenderedPageFile[][] = [];
      let next = 0;
      const lane = async () => {
        for (let index = next++; index < prerenderedPages.length; index = next++) byPage[index] = await renderOne(prerenderedPages[index]!);
      };
      await Promise.all([lane(), lane()]);
      written.push(...byPage.flat());
      await writeFile(join(outDir, 'prerendered', 'pages.json'), JSON.stringify(written, null, 2));
      config.logger.info(`prerendered ${[...new Set(written.map((page) => page.path))].join(', ')} (${written.length} pages) → ${relative(root, join(outDir, 'prerendered'))}`);
    },
  };
}
