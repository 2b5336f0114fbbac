import { useCallback, useEffect, useState } from 'react';

const secondsUntil = (until: number, now: number) => Math.max(0, Math.ceil((until - now) / 1000));

/**
 * Counts down to `until` (epoch ms): calls `show` with the whole seconds left each time that number
 * changes, the last time with 0. Returns the stop. It reads the clock at each wake rather than taking
 * one off per tick, so when timers ran late (browsers slow them in a background tab) the number shown
 * is the time really left.
 */
export function runCountdown(until: number, show: (secondsLeft: number) => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let shown = secondsUntil(until, Date.now());
  const wake = () => {
    const left = secondsUntil(until, Date.now());
    if (left !== shown) show((shown = left));
    schedule();
  };
  const schedule = () => {
    // Until the shown number changes: the time left minus the whole seconds that will still show.
    if (shown > 0) timer = setTimeout(wake, Math.max(0, until - (shown - 1) * 1000 - Date.now()));
  };
  schedule();
  return () => clearTimeout(timer);
}

/**
 * Whole seconds left before something may happen again, shown once a second: the one countdown of
 * the pages (a code's resend on the code step, the second step at sign-in and the account's phone
 * factor). `restart(seconds)` counts down again, from a server's retry-after or a fresh send.
 */
export function useCountdown(initialSeconds: () => number = () => 0): { secondsLeft: number; restart(seconds: number): void } {
  const [countdown, setCountdown] = useState(() => {
    const seconds = Math.max(0, initialSeconds());
    return { until: Date.now() + seconds * 1000, left: Math.ceil(seconds) };
  });
  const { until } = countdown;

  useEffect(() => runCountdown(until, (left) => setCountdown((current) => (current.until === until ? { until, left } : current))), [until]);

  const restart = useCallback((seconds: number) => {
    const left = Math.max(0, seconds);
    setCountdown({ until: Date.now() + left * 1000, left: Math.ceil(left) });
  }, []);
  return { secondsLeft: countdown.left, restart };
}
