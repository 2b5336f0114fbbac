import { useSyncExternalStore } from 'react';
import { onSignedInUserChange, type SignedInUser } from '../../platform/session/user-change';
import type { FunnelActor } from './funnel-actor';

/**
 * Where the tab's funnel actor is kept once started (./funnel-actor starts it). Apart from the
 * chart so the onboarding route reads it without loading the chart, its effects and their
 * dependencies: the route first paints (the paywall's frame, a loading view) before they arrive.
 */
let current: FunnelActor | null = null;
const listeners = new Set<() => void>();

export function currentFunnel(): FunnelActor | null {
  return current;
}

export function setCurrentFunnel(actor: FunnelActor | null): void {
  current = actor;
  listeners.forEach((listener) => listener());
}

/** How many app-chart connections use the funnel now (./funnel-bridge): 0 while no funnel page is open. */
let connections = 0;

/** A funnel page connects to the held funnel; the returned function disconnects it. */
export function connectHeldFunnel(): () => void {
  connections += 1;
  let connected = true;
  return () => {
    if (connected) connections -= 1;
    connected = false;
  };
}

/**
 * The held funnel was for someone else than who is signed in now (#38.1). While a funnel page is
 * open the app chart tells the funnel itself (its loader rules: home on a sign-out, the profile read
 * again for another person); with none open nobody would, and the route paints the held funnel at
 * once when it opens (before the chart reconnects): it is stopped and forgotten, so the next person
 * never sees a frame of it (the profile, 'Signing up as <their email>').
 */
function forgetFunnelUnlessOf(next: SignedInUser): void {
  if (!current || connections > 0) return;
  const held = current.getSnapshot().context.session;
  if (held !== undefined && (held?.userId ?? null) === next) return;
  current.stop();
  setCurrentFunnel(null);
}
onSignedInUserChange(forgetFunnelUnlessOf);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * What a server render sees (build time, and the hydration of a prerendered paywall frame): no
 * funnel and no snapshot of one yet, as on a first visit before the chart's chunk has come.
 */
export const noFunnelYet = () => null;

/** The funnel the app chart started (null until its chunk has loaded and it has started). */
export function useFunnelActor(): FunnelActor | null {
  return useSyncExternalStore(subscribe, currentFunnel, noFunnelYet);
}
