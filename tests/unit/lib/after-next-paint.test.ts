import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from '../../../src/lib/first-render';

/**
 * What waits for a render starts once that render is on screen (src/lib/first-render.ts): two
 * animation frames, then a task of its own, once; in a tab that draws no frames, after a timeout.
 */
describe('afterNextPaint', () => {
  let frames: Array<() => void>;
  const drawFrame = () => {
    const due = frames;
    frames = [];
    for (const callback of due) callback();
  };

  beforeEach(() => {
    vi.useFakeTimers();
    frames = [];
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('runs the task in a task after the second frame, and once only', () => {
    const task = vi.fn();
    afterNextPaint(task);
    drawFrame();
    vi.advanceTimersByTime(0);
    expect(task).not.toHaveBeenCalled();
    drawFrame();
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(task).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1_000);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('goes ahead without frames (a hidden tab), once only', () => {
    const task = vi.fn();
    afterNextPaint(task);
    vi.advanceTimersByTime(249);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
    drawFrame();
    drawFrame();
    vi.advanceTimersByTime(0);
    expect(task).toHaveBeenCalledTimes(1);
  });
});
