/**
 * The greeting builder's price in proof of work (#34.2, docs/decisions/403-greeting-proof-of-work.md):
 * how much work a client proves before a new greeting is made, from the seconds of synthesis it
 * asks for and the pressure it meets. One home for the numbers; the cost budget and the challenge
 * route both ask it.
 *
 * Work is counted as the maxNumber of the captcha's ALTCHA v2 challenge (server/captcha/work.ts): the
 * solver tries maxNumber / 2 SHA-256 derivations on average, each about 2 µs of one core in Node
 * (measured with altcha-lib: 500,000 a second), slower in a page's Web Workers.
 */

/** maxNumber per estimated second of synthesis on a quiet server (about 0.05 s of one core on average). */
export const WORK_PER_SYNTHESIS_SECOND = 50_000;
/** No greeting is priced under this (a challenge is never free to solve). */
export const MIN_WORK = 20_000;
/** Nor over this (about 200 s of one core): past it the hourly budget refuses first. */
export const MAX_WORK = 200_000_000;
/** Price multiplier at a full instance (in flight and waiting, against its share): linear from 1. */
export const LOAD_FACTOR = 8;
/** Price multiplier of an address that spent its hour: exponential from 1 (×2 per quarter spent). */
export const USE_FACTOR = 16;
/**
 * A proof is accepted at the spend if it paid at least this fraction of the price then: the price
 * can rise between the challenge and the click (the visitor solved it while writing), but proofs
 * bought cheaply on a quiet server cannot be saved up and spent at a discount during an attack.
 */
export const ACCEPTED_FRACTION = 0.25;
/** Greetings without a proof may fill this share of the instance's in-flight seconds, no more. */
export const UNPROVEN_SHARE = 1 / 2;
/** A greeting with a proof waits this long at most for room, ahead of every greeting without one. */
export const QUEUE_WAIT_MS = 5000;
/**
 * A greeting over this many seconds of synthesis (750 spoken characters, about a minute of speech;
 * the templates are 100–300) is long: long greetings may hold all speech threads but one, so an
 * ordinary greeting always finds a thread that is not speaking a long one (a greeting is one task
 * on one thread, and goes to an idle thread first: local-synthesizer.ts).
 */
export const LONG_GREETING_SECONDS = 5;

export interface Pressure {
  /** Synthesis seconds in flight and waiting on this instance, over its in-flight share (0 to 1). */
  load: number;
  /** Spoken characters this address made this hour, over what it may (0 to 1). */
  use: number;
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, Number.isFinite(value) ? value : high));

/** The work (maxNumber) a new greeting of `synthesisSeconds` costs under `pressure`. */
export function workPrice(synthesisSeconds: number, pressure: Pressure): number {
  const load = clamp(pressure.load, 0, 1);
  const use = clamp(pressure.use, 0, 1);
  const work = WORK_PER_SYNTHESIS_SECOND * Math.max(0, synthesisSeconds) * (1 + (LOAD_FACTOR - 1) * load) * USE_FACTOR ** use;
  return Math.round(clamp(work, MIN_WORK, MAX_WORK));
}

/** Whether a proof that paid `paid` is enough for a greeting now priced `price`. */
export function paysEnough(paid: number, price: number): boolean {
  return paid >= price * ACCEPTED_FRACTION;
}
