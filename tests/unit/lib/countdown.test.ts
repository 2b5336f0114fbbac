import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runCountdown } from '../../../src/lib/use-countdown';

describe('runCountdown (the clock behind useCountdown)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('shows each whole second as it passes, ends on 0 and leaves no timer behind', () => {
    const shown: number[] = [];
    runCountdown(Date.now() + 3000, (left) => shown.push(left));
    vi.advanceTimersByTime(999);
    expect(shown).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(shown).toEqual([2]);
    vi.advanceTimersByTime(2000);
    expect(shown).toEqual([2, 1, 0]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('counts from a deadline between seconds: 2.5 s left shows 3, then 2 half a second later', () => {
    const shown: number[] = [];
    runCountdown(Date.now() + 2500, (left) => shown.push(left));
    vi.advanceTimersByTime(499);
    expect(shown).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(shown).toEqual([2]);
    vi.advanceTimersByTime(2000);
    expect(shown).toEqual([2, 1, 0]);
  });

  it('shows the time really left when its timer wakes late (a tab in the background)', () => {
    const shown: number[] = [];
    runCountdown(Date.now() + 60_000, (left) => shown.push(left));
    // The page slept: 45 s pass before the first wake.
    vi.setSystemTime(Date.now() + 45_000);
    vi.advanceTimersByTime(1000);
    expect(shown).toEqual([14]);
    vi.advanceTimersByTime(14_000);
    expect(shown.at(-1)).toBe(0);
    expect(shown.length).toBeLessThan(16);
  });

  it('stops when told: nothing is shown after the stop', () => {
    const shown: number[] = [];
    const stop = runCountdown(Date.now() + 5000, (left) => shown.push(left));
    vi.advanceTimersByTime(1000);
    stop();
    vi.advanceTimersByTime(10_000);
    expect(shown).toEqual([4]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('has nothing to do for a deadline already past', () => {
    const show = vi.fn();
    runCountdown(Date.now() - 1, show);
    expect(vi.getTimerCount()).toBe(0);
    expect(show).not.toHaveBeenCalled();
  });
});
