/**
 * Live chart state shared between tabs of this site: a page running a chart publishes the active
 * state node ids; the chart viewer (/inspect/charts) listens and highlights them. BroadcastChannel
 * stays inside the browser (same origin), nothing is sent anywhere.
 */
export const chartChannelName = 'ringwise-charts';

import type { AnyMachineSnapshot, InspectionEvent } from 'xstate';
import { activeStateIds } from '../../../machines/active-states';
import { publicConfig } from '../../app/public-config';

export type ChartName = 'app' | 'session' | 'signup' | 'onboarding' | 'review' | 'paywall' | 'generator';

export type ChartMessage =
  | {
      kind: 'state';
      chart: ChartName;
      stateIds: string[];
      at: number;
      path: string;
      /** The event the chart just took (its type), when known: the browser path tests match it with their path's events. */
      event?: string;
    }
  | { kind: 'hello' };

let channel: BroadcastChannel | null | undefined;
const latest = new Map<ChartName, ChartMessage>();

function open(): BroadcastChannel | null {
  if (channel !== undefined) return channel;
  channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(chartChannelName);
  // A viewer opened later asks once; every publisher answers with its latest state.
  channel?.addEventListener('message', (event: MessageEvent<ChartMessage>) => {
    if (event.data?.kind === 'hello' && viewerEnabled()) for (const message of latest.values()) channel?.postMessage(message);
  });
  return channel;
}

/** Only where the viewer is on (never in production unless asked): nothing to tell otherwise. */
function viewerEnabled(): boolean {
  try {
    return publicConfig().features.chartViewer;
  } catch {
    return false;
  }
}

/** Publishes a chart's active state node ids (e.g. ['onboarding', 'onboarding.size', 'onboarding.size.answering']). */
export function publishChartState(chart: ChartName, stateIds: string[], event?: string): void {
  const message: ChartMessage = { kind: 'state', chart, stateIds, at: Date.now(), path: typeof location === 'undefined' ? '' : location.pathname, ...(event ? { event } : {}) };
  latest.set(chart, message);
  if (viewerEnabled()) open()?.postMessage(message);
}

/**
 * An actor's `inspect` option that publishes its chart's state after every change, so each chart a
 * page runs (session, sign-up, funnel, review, paywall, generator) shows live in the viewer.
 */
export function publishInspection(chart: ChartName): (event: InspectionEvent) => void {
  return (event) => {
    // The chart's own snapshots, not those of the requests it invokes.
    if (event.type !== '@xstate.snapshot' || event.actorRef.sessionId !== event.rootId) return;
    publishChartState(chart, activeStateIds(event.snapshot as AnyMachineSnapshot), event.event.type);
  };
}

/** Listens for live states (the viewer); returns the unsubscribe function. */
export function subscribeChartStates(listener: (message: Extract<ChartMessage, { kind: 'state' }>) => void): () => void {
  const own = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(chartChannelName);
  if (!own) return () => undefined;
  const handler = (event: MessageEvent<ChartMessage>) => {
    if (event.data?.kind === 'state') listener(event.data);
  };
  own.addEventListener('message', handler);
  own.postMessage({ kind: 'hello' } satisfies ChartMessage);
  return () => own.close();
}
