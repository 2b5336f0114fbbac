import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as FirstRenderModule from '../../../src/lib/first-render';

type FirstRender = typeof FirstRenderModule;

/**
 * What waits for the first render (analytics, the widgets, the toast area, supabase-js) waits for the
 * first page's content where that page shows a loading line first (src/lib/first-render.ts): the
 * account page's reads are answered and drawn before their code is fetched.
 */
describe('afterFirstRender and a page holding its content', () => {
  let firstRender: FirstRender;
  let idle: Array<() => void>;
  let frames: Array<() => void>;
  const run = (due: Array<() => void>) => due.splice(0).forEach((callback) => callback());
  /** The frames that draw what was committed (two), the task after them, then an idle moment. */
  const paintThenIdle = async () => {
    await vi.advanceTimersByTimeAsync(0);
    run(frames);
    run(frames);
    await vi.advanceTimersByTimeAsync(0);
    run(idle);
  };

  beforeEach(async () => {
    vi.useFakeTimers();
    idle = [];
    frames = [];
    vi.stubGlobal('window', {
      setTimeout: (callback: () => void, ms?: number) => setTimeout(callback, ms),
      requestIdleCallback: (callback: () => void) => idle.push(callback),
      addEventListener: () => undefined,
    });
    vi.stubGlobal('document', { readyState: 'complete', dispatchEvent: () => true });
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
    vi.resetModules();
    firstRender = await import('../../../src/lib/first-render');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('runs the task in an idle moment once the first render is on screen when no page holds its content', async () => {
    const task = vi.fn();
    firstRender.afterFirstRender(task);
    firstRender.markFirstRender();
    await vi.advanceTimersByTimeAsync(0);
    run(idle);
    // Committed, not yet drawn: an idle moment there does not run it.
    expect(task).not.toHaveBeenCalled();
    await paintThenIdle();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('waits while the page shows its loading line, and runs once the content is there', async () => {
    const task = vi.fn();
    firstRender.afterFirstRender(task);
    const contentThere = firstRender.holdFirstContent();
    firstRender.markFirstRender();
    await vi.advanceTimersByTimeAsync(1_000);
    await paintThenIdle();
    expect(task).not.toHaveBeenCalled();
    // firstRender() itself still resolves at the commit: the loader's hand-over does not wait.
    await expect(firstRender.firstRender()).resolves.toBeUndefined();
    contentThere();
    contentThere();
    await paintThenIdle();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('waits for every hold, and a hold taken after the first content changes nothing', async () => {
    const task = vi.fn();
    const later = vi.fn();
    firstRender.afterFirstRender(task);
    const [one, two] = [firstRender.holdFirstContent(), firstRender.holdFirstContent()];
    firstRender.markFirstRender();
    one();
    await paintThenIdle();
    expect(task).not.toHaveBeenCalled();
    two();
    await paintThenIdle();
    expect(task).toHaveBeenCalledTimes(1);
    firstRender.holdFirstContent();
    firstRender.afterFirstRender(later);
    await paintThenIdle();
    expect(later).toHaveBeenCalledTimes(1);
  });

  it('goes ahead 5 s after the first render when the content never comes (a read that hangs)', async () => {
    const task = vi.fn();
    firstRender.afterFirstRender(task);
    firstRender.holdFirstContent();
    firstRender.markFirstRender();
    await vi.advanceTimersByTimeAsync(4_999);
    await paintThenIdle();
    expect(task).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await paintThenIdle();
    expect(task).toHaveBeenCalledTimes(1);
  });
});
