import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../server/config/project-root';

/**
 * Builds the product (the SPA and the server's bundle, `npm run build`) when there is no build yet,
 * or always with `rebuild`. The browser tests' setup and the benches share it (BENCH_BUILD=1 makes a
 * bench rebuild). NODE_ENV=production: under Vitest it is `test`, which would make Vite bundle
 * React's development build.
 */
export function ensureBuilt({ rebuild = process.env.BENCH_BUILD === '1' }: { rebuild?: boolean } = {}): void {
  const root = projectRoot();
  const built = existsSync(join(root, 'dist', 'client', 'index.html')) && existsSync(join(root, 'dist', 'server', 'server.js'));
  if (built && !rebuild) return;
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}
