import { spawn } from 'node:child_process';
import { projectRoot } from '../../server/config/project-root';

/** The yardstick: one Fastify route answering a small JSON object, in its own process like the product. */
export function startBareServer(): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  const source = `
    import Fastify from 'fastify';
    const app = Fastify({ logger: false });
    app.get('/', async () => ({ ok: true }));
    await app.listen({ host: '127.0.0.1', port: 0 });
    console.log('Ready: http://127.0.0.1:' + app.server.address().port + '/');
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', source], { cwd: projectRoot() });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const found = /Ready: (http:\/\/\S+?)\/\s/.exec(output);
      if (found?.[1]) resolve({ url: found[1], pid: child.pid!, stop: async () => void (child.kill('SIGTERM'), await exited) });
    });
    void exited.then(() => reject(new Error(`the bare server exited: ${output}`)));
  });
}
