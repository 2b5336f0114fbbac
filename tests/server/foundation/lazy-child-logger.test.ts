import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { lazyChildLogger } from '../../../server/logger';

/** Each request's logger (server/logger.ts) writes what pino's own child would, and nothing more. */
function capture(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { lines, parent: pino({ level, redact: ['*.token'] }, stream) };
}

describe('the lazy request logger', () => {
  it('drops calls below the level and writes the rest with the request id and redaction', () => {
    const { lines, parent } = capture('warn');
    const log = lazyChildLogger(parent, { reqId: 'req-1' }, {});
    log.info('not written');
    log.debug('not written');
    expect(lines).toEqual([]);
    log.warn({ body: { token: 'secret' } }, 'written');
    log.error('also written');
    expect(lines.map((line) => [line.reqId, line.msg, line.level])).toEqual([
      ['req-1', 'written', 40],
      ['req-1', 'also written', 50],
    ]);
    expect(lines[0]!.body).toEqual({ token: '[Redacted]' });
  });

  it('follows a route’s own level, both ways', () => {
    const { lines, parent } = capture('info');
    lazyChildLogger(parent, { reqId: 'quiet' }, { level: 'warn' }).info('not written');
    lazyChildLogger(parent, { reqId: 'chatty' }, { level: 'debug' }).debug('written');
    expect(lines.map((line) => line.reqId)).toEqual(['chatty']);
  });

  it('answers level questions and makes children with the request id', () => {
    const { lines, parent } = capture('info');
    const log = lazyChildLogger(parent, { reqId: 'req-2' }, {});
    expect(log.level).toBe('info');
    expect((log as unknown as pino.Logger).isLevelEnabled('debug')).toBe(false);
    expect((log as unknown as pino.Logger).isLevelEnabled('info')).toBe(true);
    log.child({ step: 'inner' }).info('from the child');
    expect(lines.map((line) => [line.reqId, line.step])).toEqual([['req-2', 'inner']]);
  });

  it('writes nothing at silent', () => {
    const { lines, parent } = capture('silent');
    const log = lazyChildLogger(parent, { reqId: 'req-3' }, {});
    log.fatal('not written');
    expect(lines).toEqual([]);
  });
});
