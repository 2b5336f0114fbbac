import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../server/config/project-root';

/** Builds the product when there is no build yet (BENCH_BUILD=1 always rebuilds). */
export function ensureBuilt(): void {
  const root = projectRoot();
  const built = existsSync(join(root, 'dist', 'client', 'index.html')) && existsSync(join(root, 'dist', 'server', 'server.js'));
  if (built && process.env.BENCH_BUILD !== '1') return;
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}
