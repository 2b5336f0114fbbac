import type { ChartTransition } from './chart-model';

export type LoaderRule = 'rule1' | 'rule2' | 'rule3' | 'rule4' | 'rule5' | 'identity';

/**
 * Where each onboarding loader rule of SPEC §4 acts on the funnel chart: the transition that
 * applies it (a source state, its event — '' for always — and its guard). The chart view shows the
 * rule's text (locales/*\/charts.json, rules) beside that move; tests/unit/charts/loader-rules.test.ts
 * checks each transition exists.
 */
export const loaderRules: readonly { rule: LoaderRule; source: string; event: string; guard?: string }[] = [
  { rule: 'rule1', source: 'onboarding.waitingForSession', event: '', guard: 'hasNoSession' },
  { rule: 'rule1', source: 'onboarding', event: 'session.changed', guard: 'isSignedOut' },
  { rule: 'rule2', source: 'onboarding.loadingProfile', event: 'xstate.error.actor.fetchUser' },
  { rule: 'rule3', source: 'onboarding.routing', event: '', guard: 'isKycBlocked' },
  { rule: 'rule4', source: 'onboarding.routing', event: '', guard: 'hasRoleOutsideSuccess' },
  { rule: 'rule5', source: 'onboarding.routing', event: '', guard: 'mustGoToNextSteps' },
  { rule: 'identity', source: 'onboarding.identityCheck.checking', event: 'xstate.done.actor.checkIdentity', guard: 'isValidated' },
];

/** The SPEC rule a transition applies, if any. */
export function ruleOf(transition: ChartTransition): LoaderRule | undefined {
  return loaderRules.find(
    (entry) => entry.source === transition.source && entry.event === transition.event && (entry.guard === undefined || entry.guard === transition.guard?.name),
  )?.rule;
}
