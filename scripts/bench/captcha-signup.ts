/**
 * The sign-up's time for a person with the captcha on against off (#34.5; docs/performance.md):
 * two real servers (CAPTCHA_PROVIDER=altcha and off, the bundled build), Chromium at 375 px, the
 * start page's form typed at a person's pace (60 ms a key), then the time from the click on "Start
 * my free trial" to the code screen. With the captcha on, the proof of work starts at the first
 * keystroke and is solved in Web Workers while the person types. Run: npx tsx scripts/bench/captcha-signup.ts [runs]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { frenchMobile, workEmail } from '../../tests/helpers/accounts';
import { launchBrowser, newContext, viewports } from '../../tests/helpers/browser';
import { roomyLimits } from '../../tests/helpers/roomy-limits';
import { startServerProcess } from '../../tests/helpers/server-process';

const runs = Number(process.argv[2] ?? 9);
let address = 0;

async function oneSignUp(browser: Browser, baseURL: string): Promise<number> {
  const context = await newContext(browser, baseURL, { viewport: viewports.phone, extraHTTPHeaders: { 'x-forwarded-for': `198.18.0.${(address += 1)}` } });
  const page = await context.newPage();
  await page.goto('/en');
  // Typed into the prerendered form before its script took it over, the letters would be lost.
  await page.waitForLoadState('networkidle');
  const type = async (label: string, value: string) => {
    await page.getByLabel(label, { exact: true }).click();
    await page.keyboard.type(value, { delay: 60 });
  };
  await type('Work email', workEmail('bench'));
  await type('First name', 'Jeanne');
  await type('Last name', 'Martin');
  await type('Company name', 'Acme');
  await type('Phone number', frenchMobile().e164);
  const started = performance.now();
  await page.getByRole('button', { name: 'Start my free trial' }).click();
  await page.getByLabel('6-digit code').waitFor({ timeout: 60_000 }).catch(async (error: unknown) => {
    console.error((await page.locator('main').innerText()).slice(0, 800));
    throw error;
  });
  const took = performance.now() - started;
  await context.close();
  return took;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

async function main(): Promise<void> {
  const browser = await launchBrowser();
  const results: Record<string, number[]> = {};
  for (const provider of ['off', 'altcha'] as const) {
    const dataDir = mkdtempSync(join(tmpdir(), `bench-captcha-${provider}-`));
    const server = await startServerProcess({ DATA_DIR: dataDir, NODE_ENV: 'development', TRUSTED_PROXIES: '127.0.0.1,::1', ...roomyLimits, CAPTCHA_PROVIDER: provider }, { bundled: true });
    try {
      await oneSignUp(browser, server.url); // warm-up: the server's first requests, the browser's cache
      const times: number[] = [];
      for (let run = 0; run < runs; run += 1) times.push(await oneSignUp(browser, server.url));
      results[provider] = times;
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  await browser.close();
  for (const [provider, times] of Object.entries(results)) {
    console.log(`${provider.padEnd(6)} median ${median(times).toFixed(0)} ms  (${times.map((time) => time.toFixed(0)).join(', ')})`);
  }
  console.log(`difference at the median: ${(median(results.altcha ?? []) - median(results.off ?? [])).toFixed(0)} ms`);
}

await main();
