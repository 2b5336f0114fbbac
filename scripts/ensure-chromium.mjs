// Browser tests need Debian's Chromium, and run faster in its headless shell (chromium-headless-shell:
// the old headless mode without the full browser's layers, about a third less CPU per page, #40.3).
// Install both when we can (root), else say how; without the shell the tests use the full browser.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const shellPath = '/usr/lib/chromium/chromium-headless-shell';

export function ensureChromium() {
  const missing = [...(existsSync(path) ? [] : ['chromium']), ...(process.env.CHROMIUM_PATH || existsSync(shellPath) ? [] : ['chromium-headless-shell'])];
  if (!missing.length) return path;
  if (process.getuid?.() !== 0) {
    if (!existsSync(path)) {
      console.error(`Chromium is missing at ${path}. Install it with: sudo apt-get update && sudo apt-get install -y chromium chromium-headless-shell\n(or set CHROMIUM_PATH to an installed Chromium).`);
      process.exit(1);
    }
    console.log('chromium-headless-shell is missing: the browser tests use the full Chromium (slower). sudo apt-get install -y chromium-headless-shell adds it.');
    return path;
  }
  console.log(`Installing Debian's ${missing.join(' and ')}…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing, 'fonts-liberation', 'fonts-noto-color-emoji'], { stdio: 'inherit', env });
  if (!existsSync(path)) {
    console.error(`apt-get finished but ${path} is still missing.`);
    process.exit(1);
  }
  return path;
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
