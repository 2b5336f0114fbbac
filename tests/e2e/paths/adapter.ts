import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { ChartName } from '../../../src/features/charts/live-state';
import type { ChartModel, ModelPath } from '../../helpers/chart-model';

/**
 * A chart's browser adapter: how each event of its model happens on the real page against the real
 * server. Adding a chart to the browser path tests is one of these, listed in ./charts.ts.
 *
 * Every event of the model is one of:
 * - `user`: something a person does (click, type, navigate); `act` does it on the page;
 * - `answer`: what the real server (or the browser itself, e.g. audio starting) answers promptly to
 *   what the person just did. Nothing is done for it: the path waits for the page's chart to take it.
 *   Which answer comes is arranged by what the person typed (the `act` of the user event before it
 *   reads the answers that follow, `run.answersAfter(index)`) or by `prepare` (accounts made by API);
 * - `later`: something that happens by itself but only later (a sample playing to its end): `act`
 *   makes it happen now instead of waiting;
 * - `unreachable`: nothing a person can do makes the real server answer this (a network failure, a
 *   server error); `why` says so. Transitions only such events take are reported as not
 *   user-causable, not counted in the browser's denominator;
 * - `undriven`: a person can cause it, but these tests do not yet (`why` says what it would take).
 *   Left out of the paths and still counted in the denominator, so it shows as not covered.
 */
export type EventRole<TScenario> =
  | { role: 'user'; act: (run: PathRun<TScenario>, event: AnyEventObject, index: number) => Promise<void> }
  | { role: 'answer' }
  | { role: 'later'; act: (run: PathRun<TScenario>, event: AnyEventObject, index: number) => Promise<void> }
  | { role: 'unreachable'; why: string }
  | { role: 'undriven'; why: string };

export interface ChartAdapter<TScenario = unknown> {
  /** The name the page publishes its live state under (src/features/charts/live-state.ts). */
  chart: ChartName;
  /** As printed in the coverage table. */
  title: string;
  /** The chart's test model (the real chart with stand-in actors): the paths come from its graph. */
  model: ChartModel;
  /**
   * The role of each event of the model; `snapshot` (the model's, before the event) is given where
   * known, for events whose role depends on where the chart is (the first session is the auth
   * client's answer, a later one a person signing in or out).
   */
  roleOf: (event: AnyEventObject, snapshot?: AnyMachineSnapshot) => EventRole<TScenario>;
  /**
   * Whether the event can happen at this snapshot in the browser, when that depends on more than its
   * type: an answer the server only gives after what the chart's context remembers (a phone it
   * already knows), a control the page shows only in some cases. Default: yes.
   */
  allow?: (snapshot: AnyMachineSnapshot, event: AnyEventObject) => boolean;
  /** Why a transition the browser cannot take is out of reach, where `allow` is the reason. */
  notes?: Record<string, string>;
  /** A path ends after this many events (a long path is cheaper than a new browser context, up to a point). */
  maxLength?: number;
  contextOptions?: BrowserContextOptions;
  /**
   * 'exact' (default): the page's chart is first seen in the path's start state. 'firstSeen': the
   * page may have taken the path's first answers before anyone could look (a chart started after
   * the session was already read); the path is checked from the first state the page shows.
   */
  start?: 'exact' | 'firstSeen';
  /** What the path needs before the page opens (accounts, addresses), from the events it will send. */
  prepare: (path: ModelPath, baseURL: string) => Promise<TScenario>;
  /** Opens the page where the chart starts as `path.input` says; the runner then waits for the initial state. */
  open: (run: PathRun<TScenario>) => Promise<void>;
}

export interface PathRun<TScenario> {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  baseURL: string;
  path: ModelPath;
  scenario: TScenario;
  /** The model's snapshot before the event at `index` (for controls that differ by sub-state). */
  snapshotBefore: (index: number) => AnyMachineSnapshot;
  /** The `answer` events right after the event at `index`, up to the next event of another role. */
  answersAfter: (index: number) => AnyEventObject[];
  /**
   * Forget what the page published so far (e.g. before a reload: a new actor starts, and the
   * runner waits for its initial state again).
   */
  restartLog: () => void;
}

/** A table helper: the role of each event type, or a function of the event for types whose answers differ. */
export function rolesByType<TScenario>(table: Record<string, EventRole<TScenario> | ((event: AnyEventObject) => EventRole<TScenario>)>) {
  return (event: AnyEventObject): EventRole<TScenario> => {
    const entry = table[event.type];
    if (!entry) throw new Error(`no browser role for event ${event.type}`);
    return typeof entry === 'function' ? entry(event) : entry;
  };
}

/** A value an event carries (`voice`, `text`…), as the adapter reads it. */
export function param<T = string>(event: AnyEventObject, key: string): T {
  return (event as unknown as Record<string, T>)[key] as T;
}

/** Adapters keep their own scenario type; the table and the runner only pass it along. */
export function listed<TScenario>(adapter: ChartAdapter<TScenario>): ChartAdapter<unknown> {
  return adapter as unknown as ChartAdapter<unknown>;
}
