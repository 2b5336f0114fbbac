import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { projectRoot } from '../../server/config/project-root';

export interface RunningServer {
  url: string;
  child: ChildProcessWithoutNullStreams;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Starts the real server as a child process (TypeScript sources through tsx, or the bundle) and
 * resolves once it prints its address.
 */
export function startServerProcess(env: Record<string, string>, options: { bundled?: boolean; timeoutMs?: number } = {}): Promise<RunningServer> {
  const args = options.bundled ? ['dist/server/server.js'] : ['--import', 'tsx', 'server/server.ts'];
  const child = spawn(process.execPath, args, {
    cwd: projectRoot(),
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', CAPTCHA_PROVIDER: 'off', ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start within ${options.timeoutMs ?? 60_000} ms:\n${output}`));
    }, options.timeoutMs ?? 60_000);
    const onData = () => {
      const found = /Ready: (http:\/\/[^/\s]+)\//.exec(output);
      if (!found?.[1]) return;
      clearTimeout(timer);
      resolve({
        url: found[1],
        child,
        output: () => output,
        async stop(signal = 'SIGTERM') {
          if (child.exitCode === null) child.kill(signal);
          return exited;
        },
      });
    };
    child.stdout.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before starting:\n${output}`));
    });
  });
}

/**
 * The built server (`dist/server/server.js`), as the browser files start it: they run after the
 * build, and the bundle starts on less CPU than the sources through tsx (which compile and load
 * ~300 modules, and again in each speech thread): 8.5 → ~6 CPU-s a start on 29 Nov's slower machine
 * (docs/testing.md). The server tests run beside the build, so they start the sources.
 */
export function startBuiltServer(env: Record<string, string>, options: { timeoutMs?: number } = {}): Promise<RunningServer> {
  return startServerProcess(env, { ...options, bundled: true });
}

/** Runs the server expecting it to refuse to start; returns its exit code and output. */
export function runServerExpectingExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
    cwd: projectRoot(),
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}
