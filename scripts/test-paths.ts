/**
 * `npm run test:paths`: derives each chart's path set with @xstate/graph (from the real charts with
 * stand-in actors), replays it on live actors, and prints states and transitions covered / total.
 * Exits 1 when any chart is below 100 %.
 */
import { appModel } from '../tests/unit/app/app-model';
import * as generator from '../tests/unit/greetings/generator-model';
import * as onboarding from '../tests/unit/onboarding/model';
import { sessionModel } from '../tests/unit/auth/session-model';
import { signupModel } from '../tests/unit/landing/signup-model';
import { reviewModel } from '../tests/unit/onboarding/review-model';
import { paywallModel } from '../tests/unit/payments/paywall-model';
import { chartCoverage, chartPathSet, type ChartCoverage, type ChartModel } from '../tests/helpers/chart-model';

interface Coverage {
  states: number;
  transitions: number;
  missingStates: string[];
  missingTransitions: string[];
}

interface Row extends Coverage {
  chart: string;
  file: string;
  paths: number;
  longest: number;
  seconds: number;
}

function measure(chart: string, file: string, derive: () => { paths: { length: number }[]; coverage: Coverage }): Row {
  const started = Date.now();
  const { paths, coverage } = derive();
  return { chart, file, paths: paths.length, longest: Math.max(...paths.map((path) => path.length)), ...coverage, seconds: (Date.now() - started) / 1000 };
}

const fromLists = (coverage: ChartCoverage): Coverage => ({ ...coverage, states: coverage.states.length, transitions: coverage.transitions.length });

/** A chart with a generic model (tests/helpers/chart-model.ts). */
const generic = (model: ChartModel) => () => {
  const paths = chartPathSet(model);
  return { paths: paths.map((path) => path.events), coverage: fromLists(chartCoverage(model, paths)) };
};

const rows: Row[] = [
  measure('app', 'machines/app.machine.ts', generic(appModel)),
  measure('session', 'machines/session.machine.ts', generic(sessionModel)),
  measure('sign-up', 'machines/signup.machine.ts', generic(signupModel)),
  measure('onboarding funnel', 'machines/onboarding.machine.ts', () => {
    const paths = onboarding.pathSet();
    const funnel = onboarding.coverage(paths);
    return {
      paths: paths.map((path) => path.events),
      coverage: { states: funnel.states.covered, transitions: funnel.transitions.covered, missingStates: funnel.states.missing, missingTransitions: funnel.transitions.missing },
    };
  }),
  measure('identity review', 'machines/onboarding.review.machine.ts', generic(reviewModel)),
  measure('paywall', 'machines/checkout.machine.ts', generic(paywallModel)),
  measure('generator', 'machines/generator.machine.ts', () => {
    const paths = generator.pathSet();
    return { paths, coverage: fromLists(generator.coverage(paths)) };
  }),
];

const pct = (covered: number, total: number) => `${((covered / total) * 100).toFixed(1)} %`;
const cell = (covered: number, missing: number) => `${covered}/${covered + missing} (${pct(covered, covered + missing)})`;
console.log(`${'chart'.padEnd(18)} ${'paths'.padStart(6)} ${'longest'.padStart(8)} ${'states'.padStart(16)} ${'transitions'.padStart(16)}  file`);
let missing = 0;
for (const row of rows) {
  console.log(
    `${row.chart.padEnd(18)} ${String(row.paths).padStart(6)} ${String(row.longest).padStart(8)} ${cell(row.states, row.missingStates.length).padStart(16)} ${cell(row.transitions, row.missingTransitions.length).padStart(16)}  ${row.file} (${row.seconds.toFixed(1)} s)`,
  );
  for (const id of row.missingStates) console.log(`  missing state: ${id}`);
  for (const key of row.missingTransitions) console.log(`  missing transition: ${key}`);
  missing += row.missingStates.length + row.missingTransitions.length;
}
process.exit(missing === 0 ? 0 : 1);
