// `npm test`: every check the project has, stopping at the first failure.
// Every step (typecheck, lint, the short proofs, the build, the page budgets, the unit and server
// tests, the browser files in SHARES shares) goes into one queue served by as many slots as the
// machine has cores (see `runQueue`): a step starts as soon as a slot is free and what it needs
// (the build, for the budgets and the browser files) is done, so no core waits for a whole phase
// to end. Vitest alone would run the tests one after the other (one worker on 2 cores, and the
// browser files of one run must not overlap because they share one server and one Chromium; each
// share is its own run with its own).
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { ensureChromium } from './ensure-chromium.mjs';

const bin = (name) => `node_modules/.bin/${name}`;
const reportDir = 'test-results';
const reports = () => (existsSync(reportDir) ? readdirSync(reportDir).filter((name) => /^vitest.*\.json$/.test(name)).map((name) => `${reportDir}/${name}`) : []);
const children = new Set();

/**
 * A step's command under `sh`, which prints the CPU time of everything it waited for (`times`, on
 * stderr as the last two lines) after it, so the table can say what each step cost, not only how
 * long it took: on a busy machine the two differ (docs/testing.md). Of a browser share's Chromium,
 * only the browser process and its GPU and utility processes are among them, once the share closes
 * it; its renderers are not (sampled twice from /proc: a share's own CPU less its Node processes
 * came to those three, within a second). The share prints its whole Chromium, so that part is in both.
 */
const CPU_MARK = '@@cpu';
const withTimes = (command, args) => ['sh', ['-c', `"$0" "$@"; status=$?; echo ${CPU_MARK} >&2; times >&2; exit $status`, command, ...args]];
/** A line of `times` (user and system time, as `1m2.345s 0m6.789s`) in seconds. */
function secondsOfTimes(line) {
  const values = [...line.matchAll(/(\d+)m([\d.]+)s/g)].map(([, m, s]) => Number(m) * 60 + Number(s));
  return values.length === 2 ? values[0] + values[1] : undefined;
}

/** Runs one step, its output streamed line by line behind its label so parallel steps stay readable. */
function step(label, command, args, env = {}) {
  return new Promise((resolve) => {
    let cpu;
    // Its own process group, so a stop ends the command and everything it started, not only the shell.
    const child = spawn(...withTimes(command, args), { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    children.add(child);
    for (const stream of [child.stdout, child.stderr]) {
      let pending = '';
      // After the mark (on stderr), `times` prints the shell's own line, then its children's: the step's CPU.
      let timesLines = -1;
      stream.on('data', (chunk) => {
        const lines = (pending + chunk).split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) {
          if (line === CPU_MARK) timesLines = 0;
          else if (timesLines >= 0 && timesLines < 2) {
            timesLines += 1;
            if (timesLines === 2) cpu = secondsOfTimes(line);
          } else process.stdout.write(`[${label}] ${line}\n`);
        }
      });
      stream.on('end', () => pending && process.stdout.write(`[${label}] ${pending}\n`));
    }
    child.on('close', (status) => {
      children.delete(child);
      resolve({ label, status, cpu });
    });
  });
}

/** Stops the steps still running: each is a process group of its own (its shell, the command, what that started). */
function stopChildren() {
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}
// Ctrl-C reaches this process's group only: the steps' groups are told here.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopChildren();
    process.exit(130);
  });
}

/** Ends the run at a failure: the steps still running are stopped, not left behind. */
function stop(failed) {
  for (const { label } of failed) console.error(`\n✖ ${label} failed`);
  stopChildren();
  printSteps();
  printSlowest();
  process.exit(failed[0].status ?? 1);
}

/** The steps that ended, when each started and how long it took. */
const took = [];
function printSteps() {
  if (!took.length) return;
  console.log('\nSteps (start, duration, CPU of the step\'s processes):');
  for (const { label, at, seconds, cpu } of [...took].sort((x, y) => x.at - y.at)) {
    console.log(`${String(at).padStart(5)} s  ${seconds.toFixed(0).padStart(4)} s  ${cpu === undefined ? '    ?' : cpu.toFixed(0).padStart(5)} CPU-s  ${label}`);
  }
  const total = took.reduce((sum, { cpu }) => sum + (cpu ?? 0), 0);
  console.log(`Steps' CPU: ${total.toFixed(0)} s in all (the browser shares' Chromium renderers apart; each share prints its whole Chromium)`);
}

/**
 * Runs the steps, at most `slots` at once: whenever a slot is free, the first step in the list whose
 * `after` steps have all passed starts (so the list's order is the priority). A step marked `beside`
 * mostly waits (the page budgets: each page is watched to network idle and 3 s more) and starts
 * as soon as its `after` steps have passed, beside the slots rather than in one: holding a slot, its
 * 22 s of waiting delayed the browser shares behind it by as much (docs/testing.md). A failure stops
 * all. Each step's time is printed as it ends, and the whole table at the end (docs/testing.md).
 */
async function runQueue(steps, slots) {
  const waiting = steps.filter(Boolean);
  const passed = new Set();
  let running = 0;
  let alive = 0;
  const ready = (s) => (s.after ?? []).every((label) => passed.has(label));
  console.log(`\n▶ ${waiting.length} steps, ${slots} at a time: ${waiting.map((s) => s.label).join(', ')}`);
  await new Promise((resolve) => {
    const next = () => {
      if (!waiting.length && !alive) return resolve();
      for (;;) {
        const index = waiting.findIndex((s) => ready(s) && (s.beside || running < slots));
        if (index < 0) break;
        const [s] = waiting.splice(index, 1);
        if (!s.beside) running += 1;
        alive += 1;
        const began = Date.now();
        const at = ((began - started) / 1000).toFixed(0);
        console.log(`▶ ${s.label} (at ${at} s)`);
        step(s.label, s.command, s.args, s.env).then((result) => {
          if (!s.beside) running -= 1;
          alive -= 1;
          const seconds = (Date.now() - began) / 1000;
          took.push({ label: s.label, at: Number(at), seconds, cpu: result.cpu });
          console.log(`${result.status === 0 ? '✔' : '✖'} ${s.label}: ${seconds.toFixed(0)} s`);
          if (result.status !== 0) stop([result]);
          passed.add(s.label);
          next();
        });
      }
    };
    next();
  });
  printSteps();
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
 * Seconds each browser file takes, relative to each other (per-file times of npm test's four shares
 * on 29 Nov 2026 at 02:07, on a clean checkout with Postgres, every file listed; paths.test.ts as of
 * 29 Nov 10:40, its plans read from docs/charts/browser-paths.json instead of derived at import;
 * docs/testing.md). Only
 * the split uses them: a file not listed counts as 15 s, and a wrong figure costs time, not
 * correctness. Refresh from test-results/vitest-e2e-*.json when files change a lot.
 */
const browserSeconds = {
  'paths.test.ts': 60,
  'accounts.test.ts': 28,
  'landing.test.ts': 21,
  'onboarding.test.ts': 20,
  'analytics.test.ts': 16,
  'account-life.test.ts': 14,
  'mfa.test.ts': 14,
  'no-data-across-sign-out.test.ts': 13,
  'prerender.test.ts': 11,
  'auth.test.ts': 10,
  'send-refusals.test.ts': 10,
  'social-signin.test.ts': 10,
  'passkeys.test.ts': 7,
  'refused-check.test.ts': 7,
  'shell.test.ts': 7,
  'checkout.test.ts': 6,
  'one-wording.test.ts': 6,
  'visitor-details.test.ts': 6,
  'voice-generator.test.ts': 6,
  'charts-live.test.ts': 5,
  'phone-prefill.test.ts': 5,
  'second-step-header.test.ts': 5,
  'chart-page-analytics.test.ts': 4,
  'session-tabs.test.ts': 4,
  'charts.test.ts': 3,
  'delete-account.test.ts': 3,
  'foundation.test.ts': 3,
  'paywall-promotion.test.ts': 3,
  'session-from-cookie.test.ts': 3,
  'success-truth.test.ts': 3,
  'hosted-checkout.test.ts': 2,
  'links.test.ts': 2,
  'paywall-console.test.ts': 2,
  'sign-in-again.test.ts': 2,
  'social-linking.test.ts': 2,
  'anonymous.test.ts': 1,
  'phone-lazy.test.ts': 1,
};

/**
 * The browser files in SHARES shares of about equal time (longest file first, each to the lightest
 * share), so the queue can put one beside any other step. More shares balance better; each costs a
 * server, a Chromium and a Vitest start: with the browser files now ~380 s in all, three shares ran
 * 6.8 min against four's 7.0 (29 Nov, 10 CPU-s less; docs/testing.md).
 */
const SHARES = 3;
function browserShares() {
  const files = readdirSync('tests/e2e')
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => ({ path: `tests/e2e/${name}`, seconds: browserSeconds[name] ?? 15 }))
    .sort((a, b) => b.seconds - a.seconds || a.path.localeCompare(b.path));
  const shares = Array.from({ length: SHARES }, () => ({ files: [], seconds: 0 }));
  for (const file of files) {
    const lightest = shares.reduce((light, share) => (share.seconds < light.seconds ? share : light));
    lightest.files.push(file.path);
    lightest.seconds += file.seconds;
  }
  return shares.map((share) => share.files);
}

/** One Vitest run of some browser files, with its own server and Chromium; none when there is no file. */
const browser = (label, n, files) => (files.length ? vitest(label, `${reportDir}/vitest-e2e-${n}.json`, ['--project', 'e2e', ...files]) : null);

const vitest = (label, report, projectArgs) => ({
  label,
  command: bin('vitest'),
  args: ['run', ...projectArgs, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
  // One build for everything: the page budgets and the browser tests (E2E_SKIP_BUILD) share it. The
  // screenshots for people to look at are left out unless asked for (tests/helpers/browser.ts).
  env: { E2E_SKIP_BUILD: '1', E2E_SCREENSHOTS: process.env.E2E_SCREENSHOTS ?? '0' },
});

const started = Date.now();
ensureChromium();
if (process.env.TEST_DATABASE_URL) console.log(`\nDatabase-backed tests also run against ${new URL(process.env.TEST_DATABASE_URL).host}`);
mkdirSync(reportDir, { recursive: true });
for (const report of reports()) rmSync(report, { force: true });
const filters = process.argv.slice(2);
const slots = Number(process.env.TEST_SLOTS) || availableParallelism();
const proofEnv = { PROOF_ONLY: process.env.TEST_DATABASE_URL ? '' : 'pglite' };
const serverProjects = ['--project', 'unit', '--project', 'unit-isolated', '--project', 'server', ...(process.env.TEST_DATABASE_URL ? ['--project', 'server-postgres'] : [])];
const afterBuild = (s) => s && { ...s, after: ['build'] };
// In priority order: the build first (the budgets and the browser files wait for it), then the long
// steps, the short ones last, where they fill the slot that frees up first.
await runQueue(
  [
    { label: 'build', command: 'npm', args: ['run', 'build', '--silent'], env: { NODE_ENV: 'production' } },
    // TypeScript 7's native compiler (`npm run typecheck`): the whole project in ~6 CPU-s, where
    // TypeScript 5.9's (which typescript-eslint still needs) took ~30 on a fresh clone.
    { label: 'typecheck', command: 'npm', args: ['run', 'typecheck', '--silent'] },
    afterBuild({ label: 'first-render JavaScript budgets (npm run budget)', command: bin('tsx'), args: ['scripts/budget.ts'], beside: true }),
    ...(filters.length
      ? // A filtered run (`npm test -- tests/unit/x.test.ts`) is one Vitest process.
        [afterBuild(vitest('tests', `${reportDir}/vitest.json`, filters))]
      : [
          vitest('unit+server', `${reportDir}/vitest.json`, serverProjects),
          ...browserShares().map((files, index) => afterBuild(browser(`browser ${index + 1}/${SHARES}`, index + 1, files))),
        ]),
    { label: 'lint', command: bin('eslint'), args: ['--max-warnings=0', '.'] },
    // The proof scripts' short runs (#12, docs/proof-scripts.md): every route fuzzed, and the two-user
    // access matrix; on Postgres too when TEST_DATABASE_URL names one.
    ...(filters.length
      ? []
      : [
          { label: 'proof:fuzz --short', command: bin('tsx'), args: ['scripts/proof/fuzz.ts', '--short'], env: proofEnv },
          { label: 'proof:access --short', command: bin('tsx'), args: ['scripts/proof/access.ts', '--short'], env: proofEnv },
        ]),
  ],
  slots,
);
printSlowest();
console.log(`\n✔ npm test passed in ${((Date.now() - started) / 60_000).toFixed(1)} min`);
