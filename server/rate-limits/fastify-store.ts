import type { Hit, HitCounter } from './hit-counter';
import type { Clock } from '../http/clock';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

interface RouteLimitOptions {
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * A @fastify/rate-limit store class over our HitCounter, so route limits (greetings, bookings,
 * analytics ingest, admin pages) count in the same place as the auth rules: in memory, or in the
 * database when several instances share one.
 */
export function rateLimitStore(counter: HitCounter, clock: Clock) {
  /** The plugin's callback shape: how many hits, and how long until the window ends. */
  const answer = (pending: Promise<Hit>, callback: Callback) =>
    pending.then(
      (hit) => callback(null, { current: hit.count, ttl: Math.max(0, hit.resetAt - clock.now().getTime()) }),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );

  return class HitCounterStore {
    constructor(
      _globalOptions?: unknown,
      private readonly namespace = 'route',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      answer(counter.hit(`${this.namespace}:${key}`, timeWindow), callback);
    }

    read(key: string, callback: Callback): void {
      answer(counter.peek(`${this.namespace}:${key}`), callback);
    }

    /** One key space per route, as the plugin's own stores keep. */
    child(options: unknown): HitCounterStore {
      const { method, url } = (options as RouteLimitOptions).routeInfo ?? {};
      const route = url ? `${[method].flat().join(',')} ${url}` : 'custom';
      return new HitCounterStore(undefined, `route:${route}`);
    }
  };
}
