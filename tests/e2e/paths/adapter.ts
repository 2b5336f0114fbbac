import type { Browser, BrowserContext, BrowserContextOptions, Page, Request, Route } from 'playwright-core';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { ChartName } from '../../../src/platform/live-state/live-state';
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
 * - `failure`: a network failure or a server error, which no person can cause but the test can: for
 *   exactly the one request that leads to the event, the browser context answers instead of the
 *   server (`failOnce`: the connection fails, or the server's error JSON with a 5xx). Like an answer,
 *   it comes promptly after what the person did, and nothing is done for it at its own step: its
 *   `arm` runs before that request is made — before the `act` of the user (or `later`) event the
 *   failure follows, or before the page opens when it is among the path's first answers — and
 *   returns the armed failure, which the runner checks was used once the page took the event (a
 *   failure the page took without the injected one is a difference, not a pass). Transitions taken
 *   by failure events count as covered and are reported apart ("caused by an injected failure").
 *   `why` says what failed. To use it (any adapter): give the event
 *   `{ role: 'failure', why, arm: (run) => failOnce(run, { url, method }, networkFailure | serverError(...)) }`,
 *   matching only the request that leads to the event (its path and method; `when` for its body or
 *   query), so earlier answers in the same step still reach the server. `failEvery` keeps failing
 *   such requests until the adapter takes it off (the network down for a while: a client that
 *   retries by itself meets the failure each time), and `elapse` runs at the failure's own step for
 *   what lets the page take it when that takes time (the page's clock run across those retries);
 * - `later`: something that happens by itself but only later (a sample playing to its end): `act`
 *   makes it happen now instead of waiting;
 * - `unreachable`: nothing a person or the test can do makes the page take this (an effect that
 *   never fails, a second auth client the SPA does not run); `why` says so. Transitions only such
 *   events take are reported as not causable, not counted in the browser's denominator;
 * - `undriven`: a person can cause it, but these tests do not yet (`why` says what it would take).
 *   Left out of the paths and still counted in the denominator, so it shows as not covered.
 */
export type EventRole<TScenario> =
  | { role: 'user'; act: (run: PathRun<TScenario>, event: AnyEventObject, index: number) => Promise<void> }
  | { role: 'answer' }
  | {
      role: 'failure';
      why: string;
      arm: (run: PathRun<TScenario>, event: AnyEventObject, index: number) => Promise<ArmedFailure>;
      /**
       * At the failure's own step, what lets the page take it when that takes time: e.g. the page's
       * clock run across the retries the client makes by itself before it gives up.
       */
      elapse?: (run: PathRun<TScenario>, event: AnyEventObject, index: number) => Promise<void>;
    }
  | { role: 'later'; act: (run: PathRun<TScenario>, event: AnyEventObject, index: number) => Promise<void> }
  | { role: 'unreachable'; why: string }
  | { role: 'undriven'; why: string };

/** What a failure's request gets instead of the server's answer. */
export type InjectedAnswer =
  | { kind: 'network'; error: 'failed' | 'connectionreset' | 'timedout' }
  | { kind: 'server'; status: number; body: unknown };

/** The connection fails (Chromium's net::ERR_FAILED): `fetch` rejects, an <audio> reports an error. */
export const networkFailure: InjectedAnswer = { kind: 'network', error: 'failed' };

/**
 * The server answering an error, in its own shape: the product API's `{ code, message }`
 * (server/http/error-handler.ts); 500 INTERNAL_ERROR is what it sends for a fault it did not expect.
 */
export const serverError = (status = 500, code = 'INTERNAL_ERROR', message = 'Something went wrong'): InjectedAnswer => ({
  kind: 'server',
  status,
  body: { code, message },
});

/** The request a failure is for: its address (a glob or RegExp as `context.route` takes), method, and more if need be. */
export interface FailedRequest {
  url: string | RegExp;
  method?: string;
  /** Further conditions (its body, its query); requests that do not match go to the server. */
  when?: (request: Request) => boolean;
}

export interface ArmedFailure {
  /** What was armed, for messages. */
  label: string;
  /** What the request gets: a failed connection makes the page log `Failed to fetch`, which is then expected. */
  answer: InjectedAnswer;
  /** Whether the request came and was failed. */
  used: () => boolean;
  /** Takes the route off if its request never came (the runner does at the end of a path). */
  disarm: () => Promise<void>;
}

/**
 * Fails requests matching `request` in the path's browser context (every page of it): `once`, the
 * next one only, then the route comes off (the ones before and after reach the server); `every`,
 * each one until `disarm` (the network down for a while: a client that retries by itself meets the
 * failure each time).
 */
async function failMatching(run: Pick<PathRun<unknown>, 'context'>, request: FailedRequest, answer: InjectedAnswer, times: 'once' | 'every'): Promise<ArmedFailure> {
  let failed = 0;
  let routed = true;
  const handler = async (route: Route) => {
    const sent = route.request();
    if ((times === 'once' && failed > 0) || (request.method && sent.method() !== request.method) || (request.when && !request.when(sent))) return route.fallback();
    failed += 1;
    // Answered before the route comes off: taking it off first lets the paused request go on to the server.
    if (answer.kind === 'network') await route.abort(answer.error);
    else await route.fulfill({ status: answer.status, contentType: 'application/json; charset=utf-8', body: JSON.stringify(answer.body) });
    if (times === 'once') await unroute();
  };
  const unroute = async () => {
    if (!routed) return;
    routed = false;
    // A path's last event can be this failure: the runner may close the context while the handler
    // is still taking its route off, and a closed context has no route left to take off.
    await run.context.unroute(request.url, handler).catch((error: unknown) => {
      if (!(error instanceof Error && error.message.includes('has been closed'))) throw error;
    });
  };
  await run.context.route(request.url, handler);
  const what = answer.kind === 'network' ? `network ${answer.error}` : `${answer.status}`;
  return { label: `${times === 'every' ? 'every ' : ''}${request.method ?? 'any'} ${String(request.url)} → ${what}`, answer, used: () => failed > 0, disarm: unroute };
}

/** Fails the next request matching `request` once, then takes the route off. */
export const failOnce = (run: Pick<PathRun<unknown>, 'context'>, request: FailedRequest, answer: InjectedAnswer) => failMatching(run, request, answer, 'once');

/** Fails every request matching `request` until taken off (`disarm`); `used` once one was failed. */
export const failEvery = (run: Pick<PathRun<unknown>, 'context'>, request: FailedRequest, answer: InjectedAnswer) => failMatching(run, request, answer, 'every');

export interface ChartAdapter<TScenario = unknown> {
  /** The name the page publishes its live state under (src/platform/live-state/live-state.ts). */
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
  /**
   * The prompt outcomes right after the event at `index` (`answer` and `failure` events), up to the
   * next event of another role: what the person's action must be set up for.
   */
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
