import { createActor, type Actor } from 'xstate';
import { activeStateIds } from '../../../machines/active-states';
import { createOnboardingActors } from '../../../machines/onboarding.actors';
import { onboardingMachine } from '../../../machines/onboarding.machine';
import type { OnboardingInput } from '../../../machines/onboarding.types';
import { publishChartState } from '../../app/live-state/live-state';
import { browserOnboardingDeps } from './onboarding-deps';
import { currentFunnel, setCurrentFunnel } from './funnel-store';

const browserMachine = onboardingMachine.provide({ actors: createOnboardingActors(browserOnboardingDeps) });
export type FunnelActor = Actor<typeof browserMachine>;

/**
 * The tab's one funnel actor, outside React's lifecycle: a route that re-suspends (a language or
 * page chunk loading) or remounts must not stop it mid-request — that would abort the profile fetch
 * and lose the step. A finished funnel (home, failure, web app) is replaced by a fresh one.
 * `created`: false when a funnel still running was picked up (its input is then not read).
 */
export function ensureFunnel(input: OnboardingInput): { actor: FunnelActor; created: boolean } {
  const running = currentFunnel();
  if (running && running.getSnapshot().status === 'active') return { actor: running, created: false };
  const actor = createActor(browserMachine, { input });
  // Published from the start, so the chart viewer (and the browser test) also see the states the
  // funnel passes before any page subscribes (waiting for the session, loading the profile).
  actor.subscribe((snapshot) => publishChartState('onboarding', activeStateIds(snapshot)));
  actor.start();
  setCurrentFunnel(actor);
  return { actor, created: true };
}
