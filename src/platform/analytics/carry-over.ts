import { DAY_MS } from '../../../core/durations';
import { LEFT_PAGE_KEY, MAX_LEFT_PAGES } from './left-page-record';

/**
 * Analytics calls made before the SDK had started, kept across a page leaving (a full page load, a
 * closed tab) in localStorage and handed to the SDK at the next start: a page view logged in the
 * first second of a page left at once is sent with the next page's, not lost with its document.
 * Once the SDK holds an event, its own queue (AMP_unsent_…, sent by beacon on page hide and again
 * at the next start) takes over.
 */
export type HeldCall =
  | { kind: 'event'; client: 'session' | 'onboarding'; name: string; properties: Record<string, unknown>; time: number; userId?: string }
  | { kind: 'userId'; id: string | null };

export const CARRY_OVER_KEY = 'ringwise:analytics-held';
/** Held calls older than this are not sent at a later start (a visit long over). */
export const CARRY_OVER_MAX_AGE_MS = 7 * DAY_MS;

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function storage(): StorageLike | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

function isHeldCall(value: unknown): value is HeldCall {
  if (!value || typeof value !== 'object') return false;
  const call = value as Record<string, unknown>;
  if (call.kind === 'userId') return call.id === null || (typeof call.id === 'string' && call.id.length <= 200);
  return (
    call.kind === 'event' &&
    (call.client === 'session' || call.client === 'onboarding') &&
    typeof call.name === 'string' &&
    call.name.length <= 200 &&
    typeof call.properties === 'object' &&
    call.properties !== null &&
    !Array.isArray(call.properties) &&
    typeof call.time === 'number' &&
    Number.isFinite(call.time) &&
    (call.userId === undefined || (typeof call.userId === 'string' && call.userId.length <= 200))
  );
}

/** Keeps the calls for the next start (the latest `cap`), replacing what was kept. */
export function keepForNextStart(calls: readonly HeldCall[], cap: number, store: StorageLike | undefined = storage()): void {
  try {
    if (calls.length === 0) store?.removeItem(CARRY_OVER_KEY);
    else store?.setItem(CARRY_OVER_KEY, JSON.stringify(calls.slice(-cap)));
  } catch {
    // Storage full or off: the calls go with the page, as before.
  }
}

/** What is stored under `key`, parsed, and removed (taken once); undefined when absent or not JSON. */
function take(key: string, store: StorageLike | undefined): unknown {
  try {
    const raw = store?.getItem(key);
    if (!raw) return undefined;
    store?.removeItem(key);
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

function forget(key: string, store: StorageLike | undefined): void {
  try {
    store?.removeItem(key);
  } catch {
    // See keepForNextStart.
  }
}

/** The calls an earlier page kept (taken: removed from storage), dropping any not of our shape or too old. */
export function takeKept(now: number, cap: number, store: StorageLike | undefined = storage()): HeldCall[] {
  const parsed = take(CARRY_OVER_KEY, store);
  if (!Array.isArray(parsed)) return [];
  return parsed.filter(isHeldCall).filter((call) => call.kind !== 'event' || now - call.time < CARRY_OVER_MAX_AGE_MS).slice(-cap);
}

/** Forgets what was kept (the SDK has it all now). */
export function forgetKept(store: StorageLike | undefined = storage()): void {
  forget(CARRY_OVER_KEY, store);
}

/**
 * A prerendered page left before the app's code had run (a link followed, the tab closed: on a slow
 * phone the code arrives seconds after the page is painted). Only the page's loader ran there
 * (scripts/prerender/after-paint.js, which writes this under LEFT_PAGE_KEY on pagehide); the app's
 * own pagehide listener, registered after the loader's, removes it once the document has logged a page view.
 */
export interface LeftPage {
  path: string;
  search: string;
  title: string;
  referrer: string;
  time: number;
}

/** Also written by scripts/prerender/after-paint.js (the build puts both in): see ./left-page-record.ts. */
export { LEFT_PAGE_KEY, MAX_LEFT_PAGES };

const MAX_LEFT_PAGE_TEXT = 2000;
const isText = (value: unknown): value is string => typeof value === 'string' && value.length <= MAX_LEFT_PAGE_TEXT;


function leftPageOf(record: unknown, now: number): LeftPage | null {
  const { path, search, title, referrer, time } = (record ?? {}) as Partial<Record<keyof LeftPage, unknown>>;
  if (![path, search, title, referrer].every(isText) || !(path as string).startsWith('/')) return null;
  if (typeof time !== 'number' || !(time <= now && now - time < CARRY_OVER_MAX_AGE_MS)) return null;
  return { path, search, title, referrer, time } as LeftPage;
}

/**
 * The pages loaders recorded as left before their app ran (taken: removed), oldest first, those of
 * our shape and recent. A list (two prerendered pages left in a row, each before its code ran: the
 * second must not erase the first); a single record is an older loader's.
 */
export function takeLeftPages(now: number, store: StorageLike | undefined = storage()): LeftPage[] {
  const taken = take(LEFT_PAGE_KEY, store);
  const records = Array.isArray(taken) ? taken.slice(-MAX_LEFT_PAGES) : [taken];
  return records.map((record) => leftPageOf(record, now)).filter((page): page is LeftPage => page !== null);
}

/** This document's app held its own page view: a loader's record of it is not needed. */
export function forgetLeftPage(store: StorageLike | undefined = storage()): void {
  forget(LEFT_PAGE_KEY, store);
}
