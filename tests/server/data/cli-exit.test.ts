import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const fixture = fileURLToPath(new URL('./fixtures/large-output.ts', import.meta.url));
const BYTES = 1_100_000;

/** What a command writing BYTES bytes leaves in a pipe read by another process (`… | jq`). */
async function bytesThroughPipe(ending: 'writeAndExit' | 'exit'): Promise<number> {
  const child = spawn(process.execPath, ['--import', 'tsx', fixture, String(BYTES), ending], { stdio: ['ignore', 'pipe', 'inherit'] });
  let received = 0;
  child.stdout.on('data', (chunk: Buffer) => (received += chunk.length));
  await new Promise((resolve) => child.on('close', resolve));
  return received;
}

describe('command-line tools end after their output is written (#29.6)', () => {
  it('a 1.1 MB answer reaches the pipe whole', async () => {
    expect(await bytesThroughPipe('writeAndExit')).toBe(BYTES);
  });

  it('process.exit() right after the write loses most of it (why writeAndExit exists)', async () => {
    expect(await bytesThroughPipe('exit')).toBeLessThan(BYTES);
  });
});
