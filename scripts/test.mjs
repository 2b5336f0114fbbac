// `npm test`: every check the project has, in order of speed, stopping at the first failure.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { ensureChromium } from './ensure-chromium.mjs';

const run = (label, command, args, env = {}) => {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`\n✖ ${label} failed`);
    printSlowest();
    process.exit(result.status ?? 1);
  }
};

const bin = (name) => `node_modules/.bin/${name}`;
const report = 'test-results/vitest.json';

/** The ten slowest tests of the run, from Vitest's JSON report. */
function printSlowest() {
  if (!existsSync(report)) return;
  const { testResults = [] } = JSON.parse(readFileSync(report, 'utf8'));
  const tests = testResults.flatMap((file) =>
    (file.assertionResults ?? []).map((test) => ({ name: `${file.name.replace(`${process.cwd()}/`, '')} › ${test.fullName}`, ms: test.duration ?? 0 })),
  );
  tests.sort((a, b) => b.ms - a.ms);
  console.log('\nSlowest ten tests:');
  for (const test of tests.slice(0, 10)) console.log(`${(test.ms / 1000).toFixed(1).padStart(7)} s  ${test.name}`);
}

const started = Date.now();
run('typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
run('lint', bin('eslint'), ['--max-warnings=0', '.']);
ensureChromium();
// One build for everything below: the page budgets and the browser tests (E2E_SKIP_BUILD) share it.
run('build', 'npm', ['run', 'build', '--silent'], { NODE_ENV: 'production' });
run('first-render JavaScript budgets (npm run budget)', bin('tsx'), ['scripts/budget.ts']);
if (process.env.TEST_DATABASE_URL) console.log(`\nDatabase-backed tests also run against ${new URL(process.env.TEST_DATABASE_URL).host}`);
mkdirSync('test-results', { recursive: true });
run(
  'unit, server and browser tests',
  bin('vitest'),
  ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)],
  { E2E_SKIP_BUILD: '1' },
);
printSlowest();
console.log(`\n✔ npm test passed in ${((Date.now() - started) / 60_000).toFixed(1)} min`);
