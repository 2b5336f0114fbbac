import type { Browser, BrowserContext, Page } from 'playwright-core';
import { activeStateIds } from '../../../machines/active-states';
import { chartChannelName, type ChartMessage, type ChartName } from '../../../src/platform/live-state/live-state';
import { newContext, watchPageErrors } from '../../helpers/browser';
import { chartSteps, type ModelPath } from '../../helpers/chart-model';
import type { ArmedFailure, ChartAdapter, PathRun } from './adapter';
import { eventName } from './plan';

type StateMessage = Extract<ChartMessage, { kind: 'state' }>;

/**
 * Every live state the context's pages publish (src/platform/live-state/live-state.ts), in order, kept
 * in Node so full page loads lose nothing: each document's BroadcastChannel posts on the charts'
 * channel are handed to a binding as they are made (an init script, before the app's own scripts).
 * A binding call made just before the page leaves (for the web app, the payment page) can be
 * dropped with its document (seen in CI: the last state before a leave missing), so each message is
 * also kept in the tab's sessionStorage under an id, and the next document of that tab hands the
 * kept ones over again first; the log takes each id once.
 */
class ChartLog {
  messages: StateMessage[] = [];
  private seen = new Set<string>();
  private waiters: (() => void)[] = [];

  static async attach(context: BrowserContext): Promise<ChartLog> {
    const log = new ChartLog();
    await context.exposeBinding('__ringwiseChartLog', (_source, message: StateMessage & { logId?: string }) => log.push(message));
    await context.addInitScript((name: string) => {
      const send = (message: unknown) => void (window as unknown as { __ringwiseChartLog: (message: unknown) => Promise<void> }).__ringwiseChartLog(message);
      const keptKey = '__ringwiseChartLogKept';
      const read = (): unknown[] => {
        try {
          return JSON.parse(sessionStorage.getItem(keptKey) ?? '[]') as unknown[];
        } catch {
          return [];
        }
      };
      // What the tab's previous document posted, again (the log drops the ids it has).
      for (const message of read()) send(message);
      const keep = (message: unknown) => {
        try {
          sessionStorage.setItem(keptKey, JSON.stringify([...read(), message].slice(-20)));
        } catch {
          // No storage on this document (about:blank, another origin): the binding alone.
        }
      };
      // Each document its own id prefix: a message's id is the same in its binding call and its copy.
      const documentId = Math.random().toString(36).slice(2);
      let count = 0;
      // Taken as the page posts it, not when the channel delivers it: a message posted just before
      // the page leaves (for the payment provider, the web app) would otherwise be lost with it.
      const post = BroadcastChannel.prototype.postMessage;
      BroadcastChannel.prototype.postMessage = function (this: BroadcastChannel, message: unknown) {
        // A page marked as another tab of the visitor (it acts beside the path's page) is not logged.
        const otherTab = (window as unknown as { __ringwiseOtherTab?: boolean }).__ringwiseOtherTab === true;
        if (this.name === name && !otherTab && (message as { kind?: string } | null)?.kind === 'state') {
          const kept = { ...(message as object), logId: `${documentId}:${(count += 1)}` };
          keep(kept);
          send(kept);
        }
        post.call(this, message);
      };
    }, chartChannelName);
    return log;
  }

  push(message: StateMessage & { logId?: string }): void {
    if (message.logId !== undefined) {
      if (this.seen.has(message.logId)) return;
      this.seen.add(message.logId);
    }
    this.messages.push(message);
    for (const wake of this.waiters.splice(0)) wake();
  }

  /** Resolves at the next message (or after `ms`, whichever comes first). */
  next(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}

const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().join(',') === [...b].sort().join(',');

/** How long a page may take to reach a state (a real server under a loaded 2-core machine). */
const STEP_TIMEOUT_MS = 30_000;

/**
 * Waits until the page's chart takes the expected step: the first message after `cursor` that is not
 * a repeat of the state before must be the expected event (when the page says which) landing in the
 * expected state nodes. Anything else is a difference between the page and the chart's model.
 * Returns the index of the matching message.
 */
async function expectStep(log: ChartLog, chart: ChartName, cursor: number, before: string[] | null, expected: string[], eventType: string | null): Promise<number> {
  const deadline = Date.now() + STEP_TIMEOUT_MS;
  let index = cursor + 1;
  for (;;) {
    for (; index < log.messages.length; index += 1) {
      const message = log.messages[index]!;
      if (message.chart !== chart) continue;
      const eventMatches = eventType === null || message.event === undefined || message.event === eventType;
      if (eventMatches && same(message.stateIds, expected)) return index;
      // The page may take extra events that change nothing (a field's change event while a message is shown).
      if (before && same(message.stateIds, before)) continue;
      throw new Error(
        `expected ${eventType ?? 'the start'} → [${expected.join(', ')}], the page's ${chart} chart took ${message.event ?? 'an event'} → [${message.stateIds.join(', ')}] at ${message.path}`,
      );
    }
    const left = deadline - Date.now();
    if (left <= 0) {
      const last = log.messages.filter((message) => message.chart === chart).at(-1);
      throw new Error(`expected ${eventType ?? 'the start'} → [${expected.join(', ')}] within ${STEP_TIMEOUT_MS / 1000} s; the page's ${chart} chart is at [${last?.stateIds.join(', ') ?? 'nothing published'}]`);
    }
    await log.next(left);
  }
}

export interface PathResult {
  /** The step the page was first seen at (0 unless the adapter starts at the first state seen). */
  from: number;
  /** How many of the path's events the page was seen to take as the model says (0 = only the start). */
  verified: number;
  /** Whether the start was seen. */
  started: boolean;
  error?: Error;
}

/** Whether a promise settles (either way) within `ms`. */
const settlesWithin = (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise.then(() => true, () => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);

/** The page's DevTools target, to close it again if need be (closeContext). */
async function pageTargetId(context: BrowserContext, page: Page): Promise<string> {
  const session = await context.newCDPSession(page);
  const { targetInfo } = (await session.send('Target.getTargetInfo')) as { targetInfo: { targetId: string } };
  await session.detach();
  return targetInfo.targetId;
}

/**
 * Closes a path's context. A path that ends by leaving the SPA (the web app after success, the hosted
 * checkout, the card page) ends while the page is loading that address; about one close in three
 * then met the navigation's commit, and Chromium acknowledges a target's close there but drops it
 * (crbug.com/536385539; Playwright issues #42068 and #42366): `context.close()` waited ~75 s, past
 * the test's timeout. Asking again for the page's target to close ends it at once (what Playwright's
 * proposed fixes do), so a close still under way after a second is asked again, at most five times;
 * a context that still does not close fails the path instead of holding the suite.
 */
async function closeContext(browser: Browser, context: BrowserContext, targetIds: readonly string[]): Promise<void> {
  const closing = context.close();
  if (await settlesWithin(closing, 1_000)) return closing;
  const session = await browser.newBrowserCDPSession();
  try {
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      if (process.env.PATHS_DEBUG) console.log(`context still closing: its page's close asked again (${attempt})`);
      for (const targetId of targetIds) await session.send('Target.closeTarget', { targetId }).catch(() => undefined);
      if (await settlesWithin(closing, 1_000)) return closing;
    }
  } finally {
    await session.detach().catch(() => undefined);
  }
  throw new Error('the browser context did not close (its page was asked to close six times)');
}

let visitors = Math.floor(Math.random() * 1000);

/** Runs one generated path on the real page in a fresh context, step by step, checking the page's live state after each. */
export async function runPath(browser: Browser, baseURL: string, adapter: ChartAdapter<unknown>, path: ModelPath): Promise<PathResult> {
  const { snapshots } = chartSteps(adapter.model, path);
  const expected = snapshots.map((snapshot) => activeStateIds(snapshot));
  const result: PathResult = { from: 0, verified: 0, started: false };
  // Each path is its own visitor (the server believes X-Forwarded-For from loopback in these tests),
  // so per-address limits such as 20 sign-up checks in 10 minutes count each path apart.
  visitors += 1;
  const visitor = `10.13.${Math.floor(visitors / 250) % 250}.${(visitors % 250) + 1}`;
  const context = await newContext(browser, baseURL, { ...adapter.contextOptions, extraHTTPHeaders: { 'x-forwarded-for': visitor, ...adapter.contextOptions?.extraHTTPHeaders } });
  const targetIds: string[] = [];
  try {
    const log = await ChartLog.attach(context);
    const page = await context.newPage();
    targetIds.push(await pageTargetId(context, page));
    const errors = watchPageErrors(page);
    const scenario = await adapter.prepare(path, baseURL);
    const roles = path.events.map((event, index) => adapter.roleOf(event, snapshots[index]));
    const prompt = (index: number) => roles[index]!.role === 'answer' || roles[index]!.role === 'failure';
    /** The prompt outcomes after the event at `index` (-1: the page opening). */
    const outcomesAfter = (index: number) => {
      const indexes: number[] = [];
      for (let next = index + 1; next < path.events.length && prompt(next); next += 1) indexes.push(next);
      return indexes;
    };
    const run: PathRun<unknown> = {
      browser,
      context,
      page,
      baseURL,
      path,
      scenario,
      snapshotBefore: (index) => snapshots[index]!,
      answersAfter: (index) => outcomesAfter(index).map((next) => path.events[next]!),
      restartLog: () => {
        log.messages = [];
      },
    };
    const armed = new Map<number, ArmedFailure>();
    /** Injects the failures that follow the event at `index` (-1: the page opening) before their requests are made. */
    const arm = async (index: number) => {
      for (const next of outcomesAfter(index)) {
        const role = roles[next]!;
        if (role.role === 'failure') armed.set(next, await role.arm(run, path.events[next]!, next));
      }
    };
    await arm(-1);
    const opened = Date.now();
    await adapter.open(run);
    // The start: the path's start state, or (firstSeen) a state its first answers lead to.
    const candidates = [0];
    if (adapter.start === 'firstSeen') {
      for (let index = 0; index < path.events.length && roles[index]!.role === 'answer'; index += 1) candidates.push(index + 1);
    }
    let cursor = -1;
    for (;;) {
      const first = await expectStep(log, adapter.chart, -1, null, expected[0]!, null).catch((error: unknown) => error as Error);
      if (typeof first === 'number') {
        cursor = first;
        break;
      }
      const seen = log.messages.find((message) => message.chart === adapter.chart);
      const at = seen ? candidates.find((index) => same(seen.stateIds, expected[index]!)) : undefined;
      if (!seen || at === undefined) throw first;
      result.from = at;
      cursor = log.messages.indexOf(seen);
      break;
    }
    result.verified = result.from;
    result.started = true;
    if (process.env.PATHS_DEBUG) console.log(`${adapter.chart} start ${Date.now() - opened} ms`);
    for (const [index, event] of path.events.entries()) {
      if (index < result.from) continue;
      const role = roles[index]!;
      if (role.role === 'unreachable' || role.role === 'undriven') throw new Error(`path holds ${event.type}, which these tests cannot cause: ${role.why}`);
      const stepStarted = Date.now();
      if (role.role === 'user' || role.role === 'later') {
        await arm(index);
        await role.act(run, event, index);
      }
      if (role.role === 'failure' && role.elapse) await role.elapse(run, event, index);
      const step = `step ${index + 1} (${eventName(event)})`;
      cursor = await expectStep(log, adapter.chart, cursor, expected[index]!, expected[index + 1]!, event.type).catch((error: unknown) => {
        throw new Error(`${step}: ${error instanceof Error ? error.message : String(error)}`);
      });
      const failure = armed.get(index);
      if (failure && !failure.used()) throw new Error(`${step}: the page took it, but the injected failure (${failure.label}) was never used`);
      result.verified = index + 1;
      if (process.env.PATHS_DEBUG) console.log(`${adapter.chart} ${step} ${Date.now() - stepStarted} ms`);
    }
    // A connection the test made fail is reported by the browser as such (and by fetch's TypeError).
    const cutOff = [...armed.values()].some((failure) => failure.used() && failure.answer.kind === 'network');
    const pageErrors = errors.filter((message) => !/Failed to load resource/.test(message) && !(cutOff && /Failed to fetch/.test(message)));
    if (pageErrors.length > 0) throw new Error(`page errors: ${pageErrors.join(' | ')}`);
    const unused = [...armed.values()].filter((failure) => !failure.used());
    await Promise.all(unused.map((failure) => failure.disarm()));
  } catch (error) {
    result.error = error instanceof Error ? error : new Error(String(error));
  } finally {
    const closing = Date.now();
    await closeContext(browser, context, targetIds);
    if (process.env.PATHS_DEBUG) console.log(`${adapter.chart} closed in ${Date.now() - closing} ms`);
  }
  return result;
}
