import { vi } from 'vitest';

const STEP_MS = 100;

/**
 * Makes a request whose answer waits on a timer (the builder's few seconds for room) without
 * waiting them out: setTimeout runs on a fake clock, moved STEP_MS at a time while a timer is set,
 * with the database's real I/O let through between steps (#40.3). Returns the answer and how much
 * fake time passed before it, for a test that proves the wait was not cut short.
 */
export async function answerOnFakeClock<T>(request: () => Promise<T>): Promise<{ answer: T; waitedMs: number }> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    let answered = false;
    let waitedMs = 0;
    const pending = request().finally(() => (answered = true));
    const giveUp = Date.now() + 20_000;
    while (!answered && Date.now() < giveUp) {
      await new Promise((resolve) => setImmediate(resolve));
      if (vi.getTimerCount() === 0) continue;
      await vi.advanceTimersByTimeAsync(STEP_MS);
      waitedMs += STEP_MS;
    }
    return { answer: await pending, waitedMs };
  } finally {
    vi.useRealTimers();
  }
}
