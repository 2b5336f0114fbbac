import { createActor, type Actor } from 'xstate';
import { activeStateIds } from '../../../machines/active-states';
import { createOnboardingActors } from '../../../machines/onboarding.actors';
import { onboardingMachine } from '../../../machines/onboarding.machine';
import type { OnboardingInput } from '../../../machines/onboarding.types';
import { publishChartState } from '../charts/live-state';
import { browserOnboardingDeps } from './onboarding-deps';

const browserMachine = onboardingMachine.provide({ actors: createOnboardingActors(browserOnboardingDeps) });
export type FunnelActor = Actor<typeof browserMachine>;

let current: FunnelActor | null = null;

/**
 * The tab's one funnel actor, outside React's lifecycle: a route that re-suspends (a language or
 * page chunk loading) or remounts must not stop it mid-request — that would abort the profile fetch
 * and lose the step. A finished funnel (home, failure, web app) is replaced by a fresh one.
 */
export function funnelActor(input: OnboardingInput): FunnelActor {
  if (current && current.getSnapshot().status === 'active') return current;
  current = createActor(browserMachine, { input });
  // Published from the start, so the chart viewer (and the browser test) also see the states the
  // funnel passes before any page subscribes (waiting for the session, loading the profile).
  current.subscribe((snapshot) => publishChartState('onboarding', activeStateIds(snapshot)));
  current.start();
  return current;
}

