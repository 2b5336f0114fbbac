import { greetingErrorCodes } from '../../core/contracts/greetings';
import type { Clock } from '../http/clock';
import { HttpError } from '../http/errors';
import type { HitCounter } from '../rate-limits/hit-counter';
import { WaitingRoom } from './waiting-room';
import { LONG_GREETING_SECONDS, paysEnough, QUEUE_WAIT_MS, UNPROVEN_SHARE, workPrice } from './work-price';

/**
 * What a greeting costs is what the engine is given: its spoken characters (after normalisation,
 * so "9999999999999" counts as the words it becomes). The offline engine speaks about 150–250 of
 * them per second of one thread on this project's 2-core reference machine (measured with
 * LocalSynthesizer, en and fr, 270 to 3,000 characters): synthesis time is estimated from them.
 */
export const SPOKEN_CHARACTERS_PER_SYNTHESIS_SECOND = 150;

export function synthesisSeconds(spokenCharacters: number): number {
  return spokenCharacters / SPOKEN_CHARACTERS_PER_SYNTHESIS_SECOND;
}

export interface CostLimits {
  /** One greeting's spoken characters (a longer one is refused whoever asks: 400). */
  maxSpokenCharacters: number;
  /** Estimated synthesis seconds one client address may have in the making at once (429). */
  clientInFlightSeconds: number;
  /** Estimated synthesis seconds this instance takes on at once, all clients together (429). */
  inFlightSeconds: number;
  /** Spoken characters one client address may have made per hour, counted across instances (429). */
  clientCharactersPerHour: number;
}

/**
 * How a request comes to the budget: with a proof of work (checked, not yet spent: the budget spends
 * it once the price is met), without one, or exempt (the voice samples: a fixed set made once per
 * process, so nobody can make them cost more than that).
 */
export type Admission = { kind: 'unproven' } | { kind: 'exempt' } | { kind: 'proven'; proof: WorkProof };

/** A proof of work not yet looked at: spending it checks it (once across instances) and says what it paid. */
export interface WorkProof {
  spend(): Promise<{ ok: true; maxNumber: number } | { ok: false; reason: string }>;
}

/** Held while a greeting is being made; releasing it frees its share of the in-flight budget. */
export interface CostLease {
  release(): void;
}

/** A refusal that carries how long to wait (the Retry-After header). */
export class CostRefusal extends HttpError {
  constructor(
    statusCode: number,
    code: string,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(statusCode, code, message);
  }
}

const HOUR_MS = 60 * 60_000;

/**
 * The greeting builder's one cost budget (#25 finding 6, #34.2), asked by every route before it
 * makes audio: a request that would start synthesis is admitted if it fits, refused at once
 * otherwise (429 with a stable code and Retry-After), or, when it carries a proof of work and only
 * room is missing, waits a few seconds ahead of everything unproven. Over the instance's share it is
 * 429, not 503: the instance is up, it is the amount asked of it that is refused.
 *
 * - per greeting: its spoken length;
 * - per client address: the synthesis seconds it has in flight, and its spoken characters per hour
 *   through the app's hit counter (in the database with several instances);
 * - per instance: the synthesis seconds in flight (which also bounds the memory held by greetings
 *   being made). Without a proof a greeting may fill only UNPROVEN_SHARE of it ("quiet": a visitor
 *   on a quiet server proves nothing); past that, GREETING_PROOF_REQUIRED. With a proof that paid
 *   the price (work-price.ts) it may use the whole share, and waits for room in the WaitingRoom,
 *   shortest greeting first, instead of being refused. Long greetings (LONG_GREETING_SECONDS) hold
 *   all speech threads but one at most, so an ordinary greeting always has a thread.
 *
 * Audio that already exists or is already being made costs nothing: only new synthesis is charged.
 * In-flight seconds are counted in this process (they are this instance's threads); a greeting on
 * an idle instance, or a client's first, always fits, so no limit locks everyone out.
 */
export class GreetingCostBudget {
  private readonly clients = new Map<string, number>();
  private total = 0;
  /** Long greetings in flight (LONG_GREETING_SECONDS): at most all threads but one. */
  private long = 0;
  private readonly room: WaitingRoom;

  constructor(
    readonly limits: CostLimits,
    private readonly counter: HitCounter,
    private readonly clock: Clock,
    /** Speech threads working in parallel: how fast in-flight seconds drain, for Retry-After. */
    private readonly parallelism: number,
  ) {
    this.room = new WaitingRoom((seconds) => this.tryTake(seconds));
  }

  /** Refuses a script whose spoken form is longer than one greeting may be. */
  checkLength(spokenCharacters: number): void {
    if (spokenCharacters <= this.limits.maxSpokenCharacters) return;
    throw new HttpError(
      400,
      greetingErrorCodes.spokenTooLong,
      `Read aloud, this script is ${spokenCharacters} characters (numbers become words); a greeting may be ${this.limits.maxSpokenCharacters}. Shorten it or write fewer long numbers`,
    );
  }

  /**
   * What a new greeting of `spokenCharacters` from `client` costs in proof of work now, and whether
   * one without a proof would be refused for it (GREETING_PROOF_REQUIRED).
   */
  async price(client: string, spokenCharacters: number): Promise<{ maxNumber: number; required: boolean }> {
    const seconds = synthesisSeconds(spokenCharacters);
    const hour = await this.counter.peek(hourKey(client));
    const perHour = this.limits.clientCharactersPerHour;
    const load = (this.total + this.room.waitingSeconds) / this.limits.inFlightSeconds;
    const maxNumber = workPrice(seconds, { load, use: perHour > 0 ? hour.count / perHour : 1 });
    return { maxNumber, required: !this.fitsUnproven(seconds) };
  }

  /** Reserves the synthesis of `spokenCharacters` for `client`, or refuses (at once, or after a short wait with a proof). */
  async admit(client: string, spokenCharacters: number, admission: Admission = { kind: 'unproven' }): Promise<CostLease> {
    this.checkLength(spokenCharacters);
    const seconds = synthesisSeconds(spokenCharacters);
    const mine = this.clients.get(client) ?? 0;
    if (mine > 0 && mine + seconds > this.limits.clientInFlightSeconds) {
      throw new CostRefusal(429, greetingErrorCodes.clientBusy, 'Your other greetings are still being made: wait for them to finish, then try again', this.drainSeconds(mine));
    }
    if (admission.kind === 'unproven' && !this.fitsUnproven(seconds)) throw proofRequired('The greeting builder is busy: a greeting now needs a proof of work. Ask GET /greetings/work for a challenge, solve it and send its payload as proof');
    // The client's share is held from here, so its own concurrent requests see it while this one waits.
    this.addClient(client, seconds);
    let held = false;
    try {
      if (admission.kind === 'proven') await this.spend(client, spokenCharacters, admission.proof);
      held = await this.takeRoom(seconds, admission.kind === 'proven');
      if (!held) throw new CostRefusal(429, greetingErrorCodes.capacityReached, 'The greeting builder is busy, try again in a moment', this.drainSeconds(this.total));
      await this.countHour(client, spokenCharacters);
    } catch (error) {
      this.addClient(client, -seconds);
      if (held) this.freeTotal(seconds);
      throw error;
    }
    return this.lease(client, seconds);
  }

  /** Synthesis seconds in flight: this client's, and the instance's. */
  inFlight(client?: string): number {
    return client === undefined ? this.total : (this.clients.get(client) ?? 0);
  }

  /** Proven greetings waiting for room, and their synthesis seconds. */
  get waiting(): { count: number; seconds: number } {
    return { count: this.room.size, seconds: this.room.waitingSeconds };
  }

  /**
   * Without a proof a greeting must fit, with everything in flight, in the unproven share: even on
   * an idle instance (else whoever retries fastest takes every idle moment with its longest greeting).
   */
  private fitsUnproven(seconds: number): boolean {
    return this.room.size === 0 && this.total + seconds <= this.limits.inFlightSeconds * UNPROVEN_SHARE;
  }

  /** An idle instance takes any one greeting; otherwise it must fit in the share, and a long one in the long lane. */
  private fits(seconds: number): boolean {
    if (seconds > LONG_GREETING_SECONDS && this.long >= Math.max(1, this.parallelism - 1)) return false;
    return this.total <= 1e-9 || this.total + seconds <= this.limits.inFlightSeconds;
  }

  /**
   * The proof is spent here, for the first time anywhere, and must have paid enough of the price
   * now. Spent first: a proof that paid too little is used up too (it bought this one attempt), so
   * the same cheap proof cannot be tried again and again.
   */
  private async spend(client: string, spokenCharacters: number, proof: WorkProof): Promise<void> {
    const spent = await proof.spend();
    if (!spent.ok) throw new HttpError(400, greetingErrorCodes.proofInvalid, `The proof of work was not accepted (${spent.reason}): ask GET /greetings/work for a new challenge for this greeting`);
    const { maxNumber } = await this.price(client, spokenCharacters);
    if (!paysEnough(spent.maxNumber, maxNumber)) throw proofRequired('The greeting builder got busier since this proof of work was asked for: ask GET /greetings/work for a new challenge');
  }

  /** Takes the room at once if it fits and nobody waits; a proven greeting may wait for it. */
  private async takeRoom(seconds: number, mayWait: boolean): Promise<boolean> {
    if (this.room.size === 0 && this.tryTake(seconds)) return true;
    return mayWait ? this.room.wait(seconds, QUEUE_WAIT_MS) : false;
  }

  /** Adds `seconds` to the instance's in flight if they fit (synchronously, so nothing overtakes). */
  private tryTake(seconds: number): boolean {
    if (!this.fits(seconds)) return false;
    this.total += seconds;
    if (seconds > LONG_GREETING_SECONDS) this.long += 1;
    return true;
  }

  private async countHour(client: string, spokenCharacters: number): Promise<void> {
    const hour = await this.counter.hit(hourKey(client), HOUR_MS, spokenCharacters);
    if (hour.count > this.limits.clientCharactersPerHour) {
      const wait = Math.max(1, Math.ceil((hour.resetAt - this.clock.now().getTime()) / 1000));
      throw new CostRefusal(429, greetingErrorCodes.hourlyBudgetSpent, `This address has made its greetings for the hour: try again in ${Math.ceil(wait / 60)} minutes`, wait);
    }
  }

  private lease(client: string, seconds: number): CostLease {
    let held = true;
    return {
      release: () => {
        if (!held) return;
        held = false;
        this.addClient(client, -seconds);
        this.freeTotal(seconds);
      },
    };
  }

  private addClient(client: string, seconds: number): void {
    const next = (this.clients.get(client) ?? 0) + seconds;
    // Entries exist only while something is in flight, so the map stays as small as the work.
    if (next <= 1e-9) this.clients.delete(client);
    else this.clients.set(client, next);
  }

  /** Frees `seconds` of the instance: the proven greetings waiting go first, before any new request is heard. */
  private freeTotal(seconds: number): void {
    this.total = Math.max(0, this.total - seconds);
    if (seconds > LONG_GREETING_SECONDS) this.long = Math.max(0, this.long - 1);
    this.room.wake();
  }

  private drainSeconds(seconds: number): number {
    return Math.max(1, Math.ceil(seconds / Math.max(1, this.parallelism)));
  }
}

const hourKey = (client: string) => `greetings:spoken:${client}`;

function proofRequired(message: string): CostRefusal {
  // Retry-After 0: nothing to wait for, the client has work to do first.
  return new CostRefusal(429, greetingErrorCodes.proofRequired, message, 0);
}
