import type { AnyMachineSnapshot } from 'xstate';
import { activeStateIds } from '../../../machines/active-states';
import { chartChannelName, type ChartMessage, type StateMessage } from './chart-message';

/**
 * The BroadcastChannel side of live chart states (loaded by live-state.ts once the first page has
 * rendered, and only where the viewer is on). It keeps each chart's latest state so a viewer opened
 * later, which says hello, gets them all.
 */
let channel: BroadcastChannel | null | undefined;
const latest = new Map<StateMessage['chart'], StateMessage>();

function open(): BroadcastChannel | null {
  if (channel !== undefined) return channel;
  channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(chartChannelName);
  channel?.addEventListener('message', (event: MessageEvent<ChartMessage>) => {
    if (event.data?.kind === 'hello') for (const message of latest.values()) channel?.postMessage(message);
  });
  return channel;
}

/** A state as published: its ids, or the snapshot to read them from (read here, off the first render). */
export type Published = Omit<StateMessage, 'kind' | 'stateIds'> & { stateIds?: string[]; snapshot?: AnyMachineSnapshot };

export function post({ snapshot, stateIds, ...rest }: Published): void {
  const message: StateMessage = { kind: 'state', ...rest, stateIds: stateIds ?? (snapshot ? activeStateIds(snapshot) : []) };
  latest.set(message.chart, message);
  open()?.postMessage(message);
}

/** Listens for live states (the viewer); returns the unsubscribe function. */
export function subscribeChartStates(listener: (message: StateMessage) => void): () => void {
  const own = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(chartChannelName);
  if (!own) return () => undefined;
  const handler = (event: MessageEvent<ChartMessage>) => {
    if (event.data?.kind === 'state') listener(event.data);
  };
  own.addEventListener('message', handler);
  own.postMessage({ kind: 'hello' } satisfies ChartMessage);
  return () => own.close();
}
