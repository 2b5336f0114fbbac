import type { FastifyReply, FastifyRequest } from 'fastify';

/** Audio whose address names its content never changes. */
export const YEAR = 'public, max-age=31536000, immutable';
/** A voice's sample: the same engine remakes it the same, but a new engine version may change it. */
export const WEEK = 'public, max-age=604800';

interface SendOptions {
  etag: string;
  filename?: string;
  download?: boolean;
  cacheControl?: string;
}

/** A complete file: cacheable, with ETag revalidation and byte ranges (Safari plays audio by ranges). */
export function sendBytes(request: FastifyRequest, reply: FastifyReply, body: Buffer, contentType: string, options: SendOptions): FastifyReply {
  reply
    .header('content-type', contentType)
    .header('cache-control', options.cacheControl ?? YEAR)
    .header('etag', options.etag)
    .header('accept-ranges', 'bytes');
  if (options.download && options.filename) reply.header('content-disposition', `attachment; filename="${options.filename}"`);
  if (request.headers['if-none-match'] === options.etag) return reply.status(304).send();
  const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.range ?? '');
  if (range) {
    const [, startText = '', endText = ''] = range;
    let start = startText === '' ? body.length - Number(endText) : Number(startText);
    let end = startText === '' || endText === '' ? body.length - 1 : Number(endText);
    start = Math.max(0, start);
    end = Math.min(end, body.length - 1);
    if (start > end || start >= body.length) {
      return reply.status(416).header('content-range', `bytes */${body.length}`).send();
    }
    return reply
      .status(206)
      .header('content-range', `bytes ${start}-${end}/${body.length}`)
      .header('content-length', end - start + 1)
      .send(body.subarray(start, end + 1));
  }
  return reply.header('content-length', body.length).send(body);
}

