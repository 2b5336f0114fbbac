// `npm test`: every check the project has, stopping at the first failure.
// On a 2-core machine most steps wait on a browser or a database, so independent steps run side by
// side: typecheck with lint, then (after one shared build and the page budgets) the tests in two
// lanes, one per core (see `lanes` below). Vitest alone would run them one after the other (one
// worker on 2 cores, and the browser files of one run must not overlap because they share one
// server and one Chromium; two runs each start their own).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { ensureChromium } from './ensure-chromium.mjs';

const bin = (name) => `node_modules/.bin/${name}`;
const reportDir = 'test-results';
const reports = () => (existsSync(reportDir) ? readdirSync(reportDir).filter((name) => /^vitest.*\.json$/.test(name)).map((name) => `${reportDir}/${name}`) : []);
const children = new Set();

/** Runs one command; with a label prefix its output is streamed line by line so parallel steps stay readable. */
function step(label, command, args, { env = {}, prefix = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    children.add(child);
    if (prefix) {
      for (const stream of [child.stdout, child.stderr]) {
        let pending = '';
        stream.on('data', (chunk) => {
          const lines = (pending + chunk).split('\n');
          pending = lines.pop() ?? '';
          for (const line of lines) process.stdout.write(`[${label}] ${line}\n`);
        });
        stream.on('end', () => pending && process.stdout.write(`[${label}] ${pending}\n`));
      }
    }
    child.on('close', (status) => {
      children.delete(child);
      resolve({ label, status });
    });
  });
}

/** Runs steps side by side; stops the whole run when any failed. */
async function together(...steps) {
  console.log(`\n▶ ${steps.map((s) => s.label).join(' + ')}`);
  const results = await Promise.all(steps.map((s) => step(s.label, s.command, s.args, { env: s.env, prefix: steps.length > 1 })));
  const failed = results.filter((r) => r.status !== 0);
  if (failed.length) stop(failed);
}

/** Ends the run at a failure: the steps still running in another lane are stopped, not left behind. */
function stop(failed) {
  for (const { label } of failed) console.error(`\n✖ ${label} failed`);
  for (const child of children) child.kill('SIGTERM');
  printSlowest();
  process.exit(failed[0].status ?? 1);
}

/** Steps one after the other in one lane; a failure stops every lane. */
async function lane(...steps) {
  // A browser share with no file is left out: Vitest given no file would run every one.
  for (const s of steps.filter(Boolean)) {
    const result = await step(s.label, s.command, s.args, { env: s.env, prefix: true });
    if (result.status !== 0) stop([result]);
  }
}

/** The ten slowest tests of the run, from Vitest's JSON reports. */
function printSlowest() {
  const tests = reports()
    .flatMap((file) => JSON.parse(readFileSync(file, 'utf8')).testResults ?? [])
    .flatMap((file) =>
      (file.assertionResults ?? []).map((test) => ({ name: `${file.name.replace(`${process.cwd()}/`, '')} › ${test.fullName}`, ms: test.duration ?? 0 })),
    );
  if (!tests.length) return;
  tests.sort((a, b) => b.ms - a.ms);
  console.log('\nSlowest ten tests:');
  for (const test of tests.slice(0, 10)) console.log(`${(test.ms / 1000).toFixed(1).padStart(7)} s  ${test.name}`);
}

/**
 * Seconds each browser file takes, relative to each other (a CI=true run of the 22 files on 27 Nov
 * 2026, scaled to the ~410 s they take one by one on a quiet 2-core machine).
 * Only the split uses them: a file not listed counts as 15 s, and a wrong figure costs time, not
 * correctness. Refresh from test-results/vitest-e2e-*.json when files change a lot.
 */
const browserSeconds = {
  'paths.test.ts': 79,
  'accounts.test.ts': 63,
  'landing.test.ts': 58,
  'account-life.test.ts': 31,
  'analytics.test.ts': 29,
  'onboarding.test.ts': 24,
  'voice-generator.test.ts': 19,
  'mfa.test.ts': 15,
  'checkout.test.ts': 13,
  'session-tabs.test.ts': 12,
  'auth.test.ts': 10,
  'prerender.test.ts': 10,
  'visitor-details.test.ts': 10,
  'shell.test.ts': 8,
  'foundation.test.ts': 8,
  'delete-account.test.ts': 5,
  'session-from-cookie.test.ts': 4,
  'charts.test.ts': 4,
  'links.test.ts': 3,
  'anonymous.test.ts': 3,
  'sign-in-again.test.ts': 2,
  'phone-lazy.test.ts': 1,
};

/**
 * The browser files in three shares: the longest, about as long as the unit and server tests
 * (UNIT_AND_SERVER_SECONDS), then the rest in two halves of about equal time (longest first, each
 * file to the lighter half).
 */
function browserShares() {
  const UNIT_AND_SERVER_SECONDS = 230;
  const files = readdirSync('tests/e2e')
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => ({ path: `tests/e2e/${name}`, seconds: browserSeconds[name] ?? 15 }))
    .sort((a, b) => b.seconds - a.seconds || a.path.localeCompare(b.path));
  const shares = [[], [], []];
  const time = [0, 0, 0];
  for (const file of files) {
    const target = time[0] + file.seconds <= UNIT_AND_SERVER_SECONDS ? 0 : time[1] <= time[2] ? 1 : 2;
    shares[target].push(file.path);
    time[target] += file.seconds;
  }
  return shares;
}

/** One Vitest run of some browser files, with its own server and Chromium; none when there is no file. */
const browser = (label, n, files) => (files.length ? vitest(label, `${reportDir}/vitest-e2e-${n}.json`, ['--project', 'e2e', ...files]) : null);

const vitest = (label, report, projectArgs) => ({
  label,
  command: bin('vitest'),
  args: ['run', ...projectArgs, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
  // One build for everything: the page budgets and the browser tests (E2E_SKIP_BUILD) share it.
  env: { E2E_SKIP_BUILD: '1' },
});

const started = Date.now();
await together(
  { label: 'typecheck', command: bin('tsc'), args: ['--noEmit', '-p', 'tsconfig.json'] },
  { label: 'lint', command: bin('eslint'), args: ['--max-warnings=0', '.'] },
);
// The proof scripts' short runs (#12, docs/proof-scripts.md): every route fuzzed, and the two-user
// access matrix; on Postgres too when TEST_DATABASE_URL names one.
if (!process.argv.slice(2).length) {
  const proofEnv = { PROOF_ONLY: process.env.TEST_DATABASE_URL ? '' : 'pglite' };
  await together(
    { label: 'proof:fuzz --short', command: bin('tsx'), args: ['scripts/proof/fuzz.ts', '--short'], env: proofEnv },
    { label: 'proof:access --short', command: bin('tsx'), args: ['scripts/proof/access.ts', '--short'], env: proofEnv },
  );
}
ensureChromium();
await together({ label: 'build', command: 'npm', args: ['run', 'build', '--silent'], env: { NODE_ENV: 'production' } });
await together({ label: 'first-render JavaScript budgets (npm run budget)', command: bin('tsx'), args: ['scripts/budget.ts'] });
if (process.env.TEST_DATABASE_URL) console.log(`\nDatabase-backed tests also run against ${new URL(process.env.TEST_DATABASE_URL).host}`);
mkdirSync(reportDir, { recursive: true });
for (const report of reports()) rmSync(report, { force: true });
const filters = process.argv.slice(2);
if (filters.length) {
  // A filtered run (`npm test -- tests/unit/x.test.ts`) is one Vitest process.
  await together({ ...vitest('tests', `${reportDir}/vitest.json`, filters) });
} else {
  const serverProjects = ['--project', 'unit', '--project', 'server', ...(process.env.TEST_DATABASE_URL ? ['--project', 'server-postgres'] : [])];
  const [longest, firstHalf, secondHalf] = browserShares();
  // Two lanes, one per core. The browser files took ~410 s one by one and the unit and server tests
  // ~230 s, so a lane of all the browser files left the other core idle for three minutes: the
  // longest browser files run beside the unit and server tests, and the rest is shared by both lanes.
  await Promise.all([
    lane(browser('browser: longest', 1, longest), browser('browser: rest 1/2', 2, firstHalf)),
    lane(vitest('unit+server', `${reportDir}/vitest.json`, serverProjects), browser('browser: rest 2/2', 3, secondHalf)),
  ]);
}
printSlowest();
console.log(`\n✔ npm test passed in ${((Date.now() - started) / 60_000).toFixed(1)} min`);
