/**
 * What pg-boss starts and does not wait for when it stops: a worker's fetch still under way hands it a
 * run after the stop has returned, and a run's end (complete or fail) is written without being awaited.
 * Closing waits for all of it, so a deploy never closes the database under a run or its last statement
 * (which would fail the run and reject with no one to catch it, and the process would exit 1).
 */
export class InFlight {
  readonly #pending = new Set<Promise<unknown>>();

  track<T>(work: Promise<T>): Promise<T> {
    this.#pending.add(work);
    const forget = () => this.#pending.delete(work);
    work.then(forget, forget);
    return work;
  }

  /** Resolves true once nothing is left, including what just-ended work started; false at the deadline. */
  async settled(deadline: number): Promise<boolean> {
    for (;;) {
      // A turn of the event loop: what an ended statement sets off (a fetched run starting, a run's end
      // being written) is plain promise continuations, all run before this resolves, and tracked by then.
      await new Promise((resolve) => setImmediate(resolve));
      if (this.#pending.size === 0) return true;
      const left = deadline - Date.now();
      if (left <= 0) return false;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...this.#pending]),
        new Promise((resolve) => { timer = setTimeout(resolve, left); }),
      ]);
      clearTimeout(timer);
    }
  }
}
