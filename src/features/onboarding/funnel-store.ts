import { useSyncExternalStore } from 'react';
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

export function setCurrentFunnel(actor: FunnelActor): void {
  current = actor;
  listeners.forEach((listener) => listener());
}

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
