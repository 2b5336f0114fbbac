/** What a page running a chart tells the chart viewer's tabs (src/platform/live-state/live-state.ts). */
export const chartChannelName = 'ringwise-charts';

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

export type StateMessage = Extract<ChartMessage, { kind: 'state' }>;
