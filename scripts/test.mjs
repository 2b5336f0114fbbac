// `npm test`: every check the project has, stopping at the first failure.
// On a 2-core machine most steps wait on a browser or a database, so independent steps run side by
// side: typecheck with lint, then (after one shared build and the page budgets) the browser tests with
// the unit and server tests. Vitest alone would run them one after the other (one worker on 2 cores,
// and the browser files must not overlap because they share one server and one Chromium).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { ensureChromium } from './ensure-chromium.mjs';

const bin = (name) => `node_modules/.bin/${name}`;
const reports = { browser: 'test-results/vitest-e2e.json', rest: 'test-results/vitest.json' };

/** Runs one command; with a label prefix its output is streamed line by line so parallel steps stay readable. */
function step(label, command, args, { env = {}, prefix = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
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
    child.on('close', (status) => resolve({ label, status }));
  });
}

/** Runs steps side by side; stops the whole run when any failed. */
async function together(...steps) {
  console.log(`\n▶ ${steps.map((s) => s.label).join(' + ')}`);
  const results = await Promise.all(steps.map((s) => step(s.label, s.command, s.args, { env: s.env, prefix: steps.length > 1 })));
  const failed = results.filter((r) => r.status !== 0);
  if (failed.length) {
    for (const { label } of failed) console.error(`\n✖ ${label} failed`);
    printSlowest();
    process.exit(failed[0].status ?? 1);
  }
}

/** The ten slowest tests of the run, from Vitest's JSON reports. */
function printSlowest() {
  const tests = Object.values(reports)
    .filter((file) => existsSync(file))
    .flatMap((file) => JSON.parse(readFileSync(file, 'utf8')).testResults ?? [])
    .flatMap((file) =>
      (file.assertionResults ?? []).map((test) => ({ name: `${file.name.replace(`${process.cwd()}/`, '')} › ${test.fullName}`, ms: test.duration ?? 0 })),
    );
  if (!tests.length) return;
  tests.sort((a, b) => b.ms - a.ms);
  console.log('\nSlowest ten tests:');
  for (const test of tests.slice(0, 10)) console.log(`${(test.ms / 1000).toFixed(1).padStart(7)} s  ${test.name}`);
}

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
mkdirSync('test-results', { recursive: true });
for (const report of Object.values(reports)) rmSync(report, { force: true });
const filters = process.argv.slice(2);
if (filters.length) {
  // A filtered run (`npm test -- tests/unit/x.test.ts`) is one Vitest process.
  await together({ ...vitest('tests', reports.rest, filters) });
} else {
  const serverProjects = ['--project', 'unit', '--project', 'server', ...(process.env.TEST_DATABASE_URL ? ['--project', 'server-postgres'] : [])];
  await together(vitest('browser', reports.browser, ['--project', 'e2e']), vitest('unit+server', reports.rest, serverProjects));
}
printSlowest();
console.log(`\n✔ npm test passed in ${((Date.now() - started) / 60_000).toFixed(1)} min`);
