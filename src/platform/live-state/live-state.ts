import type { AnyMachineSnapshot, InspectionEvent } from 'xstate';
import { firstRender } from '../../lib/first-render';
import { publicConfig } from '../public-config';
import type { ChartName } from './chart-message';
import type * as LiveChannel from './live-channel';

/**
 * Live chart state shared between tabs of this site: a page running a chart publishes the active
 * state node ids; the chart viewer (/inspect/charts) listens and highlights them. BroadcastChannel
 * stays inside the browser (same origin), nothing is sent anywhere. Where the viewer is off (in
 * production unless asked) nothing is done; where it is on, the channel's code (live-channel.ts)
 * arrives after the first page has rendered, and what was published before is posted then, in order.
 */
export { chartChannelName, type ChartMessage, type ChartName } from './chart-message';

let channel: Promise<typeof LiveChannel> | undefined;

function viewerEnabled(): boolean {
  try {
    return publicConfig().features.chartViewer;
  } catch {
    return false;
  }
}

function publish(state: LiveChannel.Published): void {
  if (!viewerEnabled()) return;
  channel ??= firstRender().then(() => import('./live-channel'));
  void channel.then((live) => live.post(state));
}

const here = () => (typeof location === 'undefined' ? '' : location.pathname);

/**
 * Publishes a chart's active state node ids (e.g. ['onboarding', 'onboarding.size', 'onboarding.size.answering']).
 * `path`: the address this state puts the tab at, when the chart projects one that the browser may
 * not show yet (the funnel publishes before the app chart writes its address); else where it is.
 */
export function publishChartState(chart: ChartName, stateIds: string[], options: { event?: string; path?: string } = {}): void {
  publish({ chart, stateIds, at: Date.now(), path: options.path ?? here(), ...(options.event ? { event: options.event } : {}) });
}

/**
 * An actor's `inspect` option that publishes its chart's state after every change, so each chart a
 * page runs (session, sign-up, funnel, review, paywall, generator) shows live in the viewer.
 */
export function publishInspection(chart: ChartName): (event: InspectionEvent) => void {
  return (event) => {
    // The chart's own snapshots, not those of the requests it invokes.
    if (event.type !== '@xstate.snapshot' || event.actorRef.sessionId !== event.rootId) return;
    publish({ chart, snapshot: event.snapshot as AnyMachineSnapshot, at: Date.now(), path: here(), event: event.event.type });
  };
}
