// Browser tests need Debian's Chromium. Install it when we can (root), else say how.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function ensureChromium() {
  if (existsSync(path)) return path;
  if (process.getuid?.() !== 0) {
    console.error(`Chromium is missing at ${path}. Install it with: sudo apt-get update && sudo apt-get install -y chromium\n(or set CHROMIUM_PATH to an installed Chromium).`);
    process.exit(1);
  }
  console.log('Chromium is missing: installing Debian\'s chromium package…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium', 'fonts-liberation', 'fonts-noto-color-emoji'], { stdio: 'inherit', env });
  if (!existsSync(path)) {
    console.error(`apt-get finished but ${path} is still missing.`);
    process.exit(1);
  }
  return path;
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
