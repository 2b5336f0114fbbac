import type { ChartName } from '../../../machines/charts';

/** What a page running a chart tells the chart viewer's tabs (src/platform/live-state/live-state.ts). */
export const chartChannelName = 'ringwise-charts';

/** The charts' names have one home: the registry of charts. */
export type { ChartName };

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

export type StateMessage = Extract<ChartMessage, { kind: 'state' }>;
