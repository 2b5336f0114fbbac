import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../http/errors';
import { isServerPath } from '../http/prefixes';
import { publicOrigin } from '../http/public-origin';
import { buildPublicConfig } from '../public-config/config-routes';
import { configuredPage, hasConfigPlace, sendConfiguredPage } from './configured-page';
import { loadPrerenderedPages } from './prerendered';
import { prerenderedDir } from './prerendered-pages';

interface SpaOptions {
  clientDir?: string | undefined;
}

const NO_CACHE = 'no-cache';
// Vite puts a content hash in every file name under assets/, so a name never changes meaning.
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built SPA: precompressed .br/.gz variants when the browser accepts them, hashed assets
 * cached for a year, index.html revalidated every time, the prerendered pages for their addresses
 * (./prerendered.ts), and index.html for any other client route, the public config written in.
 */
export default async function spaRoutes(app: FastifyInstance, options: SpaOptions): Promise<void> {
  const clientDir = options.clientDir;
  const hasClient = clientDir !== undefined && existsSync(join(clientDir, 'index.html'));

  const prerendered = hasClient ? loadPrerenderedPages(clientDir) : null;
  // The shell of every other page, with the config written in where the build left it a place (an
  // index.html without one is sent as it is, and its script asks for /config.json).
  const shellTemplate = hasClient ? readFileSync(join(clientDir, 'index.html'), 'utf8') : '';
  const shell = hasConfigPlace(shellTemplate) ? configuredPage(shellTemplate) : null;
  if (hasClient) {
    const assetsDir = join(clientDir, 'assets');
    const prerenderedPath = `/${prerenderedDir}/`;
    await app.register(fastifyStatic, {
      root: clientDir,
      preCompressed: true,
      wildcard: false,
      index: false,
      cacheControl: false,
      // The prerendered pages are answered at their addresses, with the config written in.
      allowedPath: (pathName) => !pathName.startsWith(prerenderedPath),
      setHeaders(res, path) {
        res.header('cache-control', path.startsWith(assetsDir) ? IMMUTABLE : NO_CACHE);
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (hasClient && wantsPage && !isServerPath(path) && !path.startsWith('/assets/')) {
      const configJson = () => JSON.stringify(buildPublicConfig(app, publicOrigin(app)));
      if (prerendered?.serve(request, reply, path, configJson)) return reply;
      if (shell) {
        sendConfiguredPage(request, reply, shell, configJson(), 'accept-encoding');
        return reply;
      }
      reply.header('cache-control', NO_CACHE);
      return reply.sendFile('index.html');
    }
    throw notFound('NOT_FOUND', `No route for ${request.method} ${path}`);
  });
}
