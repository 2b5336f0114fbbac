import { createActor, type Actor } from 'xstate';
import { activeStateIds } from '../../../machines/active-states';
import { createOnboardingActors } from '../../../machines/onboarding.actors';
import { onboardingMachine } from '../../../machines/onboarding.machine';
import type { OnboardingInput } from '../../../machines/onboarding.types';
import { projectUrl } from '../../../machines/onboarding.url';
import { publishChartState } from '../../platform/live-state/live-state';
import { browserOnboardingDeps } from './onboarding-deps';
import { currentFunnel, setCurrentFunnel } from './funnel-store';

const browserMachine = onboardingMachine.provide({ actors: createOnboardingActors(browserOnboardingDeps) });
export type FunnelActor = Actor<typeof browserMachine>;

type FunnelSession = OnboardingInput['session'];

/**
 * The address a funnel state puts the tab at: its projection, as the chart viewer's live line shows
 * it (#37.5). This subscriber runs before the app chart has written the address (it hears of the
 * state after), so the browser's address would still be the step before. A state that keeps the
 * address (a loading view) is where the tab is: undefined, the browser's own.
 */
function projectedPath(snapshot: Parameters<typeof projectUrl>[0]): string | undefined {
  const projection = projectUrl(snapshot);
  if (projection.kind === 'stay') return undefined;
  return projection.kind === 'external' ? projection.href : new URL(projection.href, window.location.origin).pathname;
}

/** One person (or nobody) on both sides, or neither known yet: a funnel of anyone else is never picked up (#38.1). */
function sameUser(held: FunnelSession, next: FunnelSession): boolean {
  if (held === undefined || next === undefined) return held === next;
  return (held?.userId ?? null) === (next?.userId ?? null);
}

/**
 * The tab's one funnel actor, outside React's lifecycle: a route that re-suspends (a language or
 * page chunk loading) or remounts must not stop it mid-request — that would abort the profile fetch
 * and lose the step. A finished funnel (home, failure, web app) is replaced by a fresh one, and so
 * (stopped) one held for another person: what it holds (their profile, the email in their
 * address) is never shown to whoever signs in next.
 * `created`: false when a funnel still running was picked up (its input is then not read).
 */
export function ensureFunnel(input: OnboardingInput): { actor: FunnelActor; created: boolean } {
  const running = currentFunnel();
  if (running && running.getSnapshot().status === 'active') {
    if (sameUser(running.getSnapshot().context.session, input.session)) return { actor: running, created: false };
    running.stop();
  }
  const actor = createActor(browserMachine, { input });
  // Published from the start, so the chart viewer (and the browser test) also see the states the
  // funnel passes before any page subscribes (waiting for the session, loading the profile).
  actor.subscribe((snapshot) => publishChartState('onboarding', activeStateIds(snapshot), { path: projectedPath(snapshot) }));
  actor.start();
  setCurrentFunnel(actor);
  return { actor, created: true };
}
