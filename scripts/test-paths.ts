/**
 * `npm run test:paths`: derives each chart's path set with @xstate/graph (from the real charts with
 * stand-in actors), replays it, and prints states and transitions covered / total.
 * Exits 1 when any chart is below 100 %.
 */
import * as generator from '../tests/unit/greetings/generator-model';
import * as onboarding from '../tests/unit/onboarding/model';

const pct = (covered: number, total: number) => `${((covered / total) * 100).toFixed(1)} %`;
let missing = 0;

function report(title: string, paths: number, longest: number, states: { covered: number; missing: string[] }, transitions: { covered: number; missing: string[] }, seconds: number) {
  const stateTotal = states.covered + states.missing.length;
  const transitionTotal = transitions.covered + transitions.missing.length;
  console.log(title);
  console.log(`  paths:       ${paths} (longest ${longest} events)`);
  console.log(`  states:      ${states.covered}/${stateTotal} (${pct(states.covered, stateTotal)})`);
  console.log(`  transitions: ${transitions.covered}/${transitionTotal} (${pct(transitions.covered, transitionTotal)})`);
  for (const id of states.missing) console.log(`  missing state: ${id}`);
  for (const key of transitions.missing) console.log(`  missing transition: ${key}`);
  console.log(`  (${seconds.toFixed(1)} s)`);
  missing += states.missing.length + transitions.missing.length;
}

let started = Date.now();
const funnelPaths = onboarding.pathSet();
const funnel = onboarding.coverage(funnelPaths);
report(
  'onboarding chart (machines/onboarding.machine.ts)',
  funnelPaths.length,
  Math.max(...funnelPaths.map((path) => path.events.length)),
  { covered: funnel.states.covered, missing: funnel.states.missing },
  { covered: funnel.transitions.covered, missing: funnel.transitions.missing },
  (Date.now() - started) / 1000,
);

started = Date.now();
const generatorPaths = generator.pathSet();
const generatorCoverage = generator.coverage(generatorPaths);
report(
  'generator chart (machines/generator.machine.ts)',
  generatorPaths.length,
  Math.max(...generatorPaths.map((path) => path.length)),
  { covered: generatorCoverage.states.length, missing: generatorCoverage.missingStates },
  { covered: generatorCoverage.transitions.length, missing: generatorCoverage.missingTransitions },
  (Date.now() - started) / 1000,
);

process.exit(missing === 0 ? 0 : 1);
