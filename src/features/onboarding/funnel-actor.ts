import { useSyncExternalStore } from 'react';
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
const listeners = new Set<() => void>();

/**
 * The tab's one funnel actor, outside React's lifecycle: a route that re-suspends (a language or
 * page chunk loading) or remounts must not stop it mid-request — that would abort the profile fetch
 * and lose the step. A finished funnel (home, failure, web app) is replaced by a fresh one.
 * `created`: false when a funnel still running was picked up (its input is then not read).
 */
export function ensureFunnel(input: OnboardingInput): { actor: FunnelActor; created: boolean } {
  if (current && current.getSnapshot().status === 'active') return { actor: current, created: false };
  current = createActor(browserMachine, { input });
  // Published from the start, so the chart viewer (and the browser test) also see the states the
  // funnel passes before any page subscribes (waiting for the session, loading the profile).
  current.subscribe((snapshot) => publishChartState('onboarding', activeStateIds(snapshot)));
  current.start();
  listeners.forEach((listener) => listener());
  return { actor: current, created: true };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The funnel the app chart started (null until its chunk has loaded and it has started). */
export function useFunnelActor(): FunnelActor | null {
  return useSyncExternalStore(subscribe, () => current);
}
