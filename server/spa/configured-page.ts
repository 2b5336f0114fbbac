import type { FastifyReply, FastifyRequest } from 'fastify';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { inlineConfigId } from '../../core/routes/inline-config';
import { configPlaceholder, jsonBlock } from './prerendered-pages';

/** A page's bytes in each encoding, made once per config (the config rarely changes). */
interface Encoded {
  configJson: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/**
 * An HTML page answered with the public config written in where its placeholder is (what
 * /config.json answers, built from configuration, never from the request): the page's script
 * reads it there instead of asking for /config.json once it runs, one round trip fewer before
 * its first render.
 */
export interface ConfiguredPage {
  readonly template: string;
  encoded: Encoded | null;
}

export function configuredPage(template: string): ConfiguredPage {
  return { template, encoded: null };
}

export function hasConfigPlace(template: string): boolean {
  return template.includes(configPlaceholder);
}

/** The encoding to answer in: brotli, then gzip, when the request accepts them (q=0 refuses). */
function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | 'identity' {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, quality]) => !/^\s*q=0(\.0*)?\s*$/.test(quality ?? ''))
      .map(([name]) => name),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}

function encode(page: ConfiguredPage, configJson: string): Encoded {
  if (page.encoded?.configJson === configJson) return page.encoded;
  const html = page.template.replace(configPlaceholder, () => `<script type="application/json" id="${inlineConfigId}">${jsonBlock(configJson)}</script>`);
  const identity = Buffer.from(html);
  page.encoded = {
    configJson,
    identity,
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
    gzip: gzipSync(identity, { level: 9 }),
  };
  return page.encoded;
}

/** Answers with the page, never cached (a new build or config shows at once), in the best encoding accepted. */
export function sendConfiguredPage(request: FastifyRequest, reply: FastifyReply, page: ConfiguredPage, configJson: string, vary: string): void {
  const encoded = encode(page, configJson);
  const encoding = pickEncoding(request.headers['accept-encoding']);
  reply.header('content-type', 'text/html; charset=utf-8');
  reply.header('cache-control', 'no-cache');
  reply.header('vary', vary);
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  void reply.send(encoded[encoding]);
}
