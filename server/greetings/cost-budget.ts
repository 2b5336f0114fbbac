import { greetingErrorCodes } from '../../core/contracts/greetings';
import type { Clock } from '../http/clock';
import { HttpError } from '../http/errors';
import type { HitCounter } from '../rate-limits/hit-counter';

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
 * The greeting builder's one cost budget (#25 finding 6), asked by every route before it makes
 * audio: a request that would start synthesis is admitted only if it fits, and is refused at once
 * otherwise (429 with a stable code and Retry-After), so nobody waits in a queue that cannot serve
 * them in time. Over the instance's share too it is 429, not 503: the instance is up, it is the
 * amount asked of it that is refused, and a client (or a proof) must not take it for a fault.
 *
 * - per greeting: its spoken length;
 * - per client address: the synthesis seconds it has in flight (so one address cannot take the
 *   threads from everyone else), and its spoken characters per hour through the app's hit counter
 *   (in the database with several instances, so the hour holds across them);
 * - per instance: the synthesis seconds in flight, which also bounds the memory held by greetings
 *   being made (their audio grows with their length).
 *
 * Audio that already exists or is already being made costs nothing: only new synthesis is charged.
 * In-flight seconds are counted in this process (they are this instance's threads); a first
 * greeting of a client with nothing in flight always fits its client share, so a limit set below
 * one long greeting never locks anyone out.
 */
export class GreetingCostBudget {
  private readonly clients = new Map<string, number>();
  private total = 0;

  constructor(
    readonly limits: CostLimits,
    private readonly counter: HitCounter,
    private readonly clock: Clock,
    /** Speech threads working in parallel: how fast in-flight seconds drain, for Retry-After. */
    private readonly parallelism: number,
  ) {}

  /** Refuses a script whose spoken form is longer than one greeting may be. */
  checkLength(spokenCharacters: number): void {
    if (spokenCharacters <= this.limits.maxSpokenCharacters) return;
    throw new HttpError(
      400,
      greetingErrorCodes.spokenTooLong,
      `Read aloud, this script is ${spokenCharacters} characters (numbers become words); a greeting may be ${this.limits.maxSpokenCharacters}. Shorten it or write fewer long numbers`,
    );
  }

  /** Reserves the synthesis of `spokenCharacters` for `client`, or refuses at once. */
  async admit(client: string, spokenCharacters: number): Promise<CostLease> {
    this.checkLength(spokenCharacters);
    const seconds = synthesisSeconds(spokenCharacters);
    const mine = this.clients.get(client) ?? 0;
    if (mine > 0 && mine + seconds > this.limits.clientInFlightSeconds) {
      throw new CostRefusal(429, greetingErrorCodes.clientBusy, 'Your other greetings are still being made: wait for them to finish, then try again', this.drainSeconds(mine));
    }
    if (this.total > 0 && this.total + seconds > this.limits.inFlightSeconds) {
      throw new CostRefusal(429, greetingErrorCodes.capacityReached, 'The greeting builder is busy, try again in a moment', this.drainSeconds(this.total));
    }
    // Reserved before the (asynchronous) hourly count, so requests arriving meanwhile see it.
    this.add(client, seconds);
    const lease = this.lease(client, seconds);
    try {
      const hour = await this.counter.hit(`greetings:spoken:${client}`, HOUR_MS, spokenCharacters);
      if (hour.count > this.limits.clientCharactersPerHour) {
        const wait = Math.max(1, Math.ceil((hour.resetAt - this.clock.now().getTime()) / 1000));
        throw new CostRefusal(429, greetingErrorCodes.hourlyBudgetSpent, `This address has made its greetings for the hour: try again in ${Math.ceil(wait / 60)} minutes`, wait);
      }
    } catch (error) {
      lease.release();
      throw error;
    }
    return lease;
  }

  /** Synthesis seconds in flight: this client's, and the instance's. */
  inFlight(client?: string): number {
    return client === undefined ? this.total : (this.clients.get(client) ?? 0);
  }

  private lease(client: string, seconds: number): CostLease {
    let held = true;
    return {
      release: () => {
        if (!held) return;
        held = false;
        this.add(client, -seconds);
      },
    };
  }

  private add(client: string, seconds: number): void {
    const next = (this.clients.get(client) ?? 0) + seconds;
    // Entries exist only while something is in flight, so the map stays as small as the work.
    if (next <= 1e-9) this.clients.delete(client);
    else this.clients.set(client, next);
    this.total = Math.max(0, this.total + seconds);
  }

  private drainSeconds(seconds: number): number {
    return Math.max(1, Math.ceil(seconds / Math.max(1, this.parallelism)));
  }
}
