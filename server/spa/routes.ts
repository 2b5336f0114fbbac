import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../http/errors';
import { isServerPath } from '../http/prefixes';

interface SpaOptions {
  clientDir?: string | undefined;
}

const NO_CACHE = 'no-cache';
// Vite puts a content hash in every file name under assets/, so a name never changes meaning.
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built SPA: precompressed .br/.gz variants when the browser accepts them, hashed assets
 * cached for a year, index.html revalidated every time, and index.html for any client route.
 */
export default async function spaRoutes(app: FastifyInstance, options: SpaOptions): Promise<void> {
  const clientDir = options.clientDir;
  const hasClient = clientDir !== undefined && existsSync(join(clientDir, 'index.html'));

  if (hasClient) {
    const assetsDir = join(clientDir, 'assets');
    await app.register(fastifyStatic, {
      root: clientDir,
      preCompressed: true,
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders(res, path) {
        res.header('cache-control', path.startsWith(assetsDir) ? IMMUTABLE : NO_CACHE);
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (hasClient && wantsPage && !isServerPath(path) && !path.startsWith('/assets/')) {
      reply.header('cache-control', NO_CACHE);
      return reply.sendFile('index.html');
    }
    throw notFound('NOT_FOUND', `No route for ${request.method} ${path}`);
  });
}
