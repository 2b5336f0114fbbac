interface Waiter {
  seconds: number;
  order: number;
  admit: (admitted: boolean) => void;
}

/**
 * Where greetings that proved their work wait for room on a full instance (#34.2). Room is given in
 * order of the synthesis seconds asked, shortest first (then arrival): the most visitors are served
 * per second of the engine, and a normal greeting never waits behind a two-minute one. Nobody waits
 * longer than they are told; greetings without a proof never come here (they are refused at once).
 */
export class WaitingRoom {
  private readonly waiters: Waiter[] = [];
  private arrivals = 0;

  /** `take` reserves `seconds` on the instance if they fit now, synchronously (true), or leaves it (false). */
  constructor(private readonly take: (seconds: number) => boolean) {}

  get size(): number {
    return this.waiters.length;
  }

  get waitingSeconds(): number {
    return this.waiters.reduce((sum, waiter) => sum + waiter.seconds, 0);
  }

  /** Resolves true once `seconds` were taken for this waiter, false after `maxWaitMs` without room. */
  wait(seconds: number, maxWaitMs: number): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        const index = this.waiters.indexOf(waiter);
        if (index >= 0) this.waiters.splice(index, 1);
        resolve(false);
      }, maxWaitMs);
      const waiter: Waiter = {
        seconds,
        order: (this.arrivals += 1),
        admit: (admitted) => {
          clearTimeout(timer);
          resolve(admitted);
        },
      };
      this.waiters.push(waiter);
      this.waiters.sort((a, b) => a.seconds - b.seconds || a.order - b.order);
      this.wake();
    });
  }

  /** Gives freed room to the waiters in order, while the first one fits. */
  wake(): void {
    while (this.waiters.length > 0) {
      const first = this.waiters[0]!;
      if (!this.take(first.seconds)) return;
      this.waiters.shift();
      first.admit(true);
    }
  }
}
