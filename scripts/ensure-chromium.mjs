// Browser tests need Debian's Chromium, and run faster in its headless shell (chromium-headless-shell:
// the old headless mode without the full browser's layers, about a third less CPU per page, #40.3).
// Install both when we can (root), else say how; without the shell the tests use the full browser.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Where Debian puts the full Chromium (or CHROMIUM_PATH) and its headless shell: tests/helpers/browser.ts reads them here. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const headlessShellPath = '/usr/lib/chromium/chromium-headless-shell';

export function ensureChromium() {
  const missing = [...(existsSync(chromiumPath) ? [] : ['chromium']), ...(process.env.CHROMIUM_PATH || existsSync(headlessShellPath) ? [] : ['chromium-headless-shell'])];
  if (!missing.length) return chromiumPath;
  if (process.getuid?.() !== 0) {
    if (!existsSync(chromiumPath)) {
      console.error(`Chromium is missing at ${chromiumPath}. Install it with: sudo apt-get update && sudo apt-get install -y chromium chromium-headless-shell\n(or set CHROMIUM_PATH to an installed Chromium).`);
      process.exit(1);
    }
    console.log('chromium-headless-shell is missing: the browser tests use the full Chromium (slower). sudo apt-get install -y chromium-headless-shell adds it.');
    return chromiumPath;
  }
  console.log(`Installing Debian's ${missing.join(' and ')}…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing, 'fonts-liberation', 'fonts-noto-color-emoji'], { stdio: 'inherit', env });
  if (!existsSync(chromiumPath)) {
    console.error(`apt-get finished but ${chromiumPath} is still missing.`);
    process.exit(1);
  }
  return chromiumPath;
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
