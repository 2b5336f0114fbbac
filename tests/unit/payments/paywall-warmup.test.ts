import { describe, expect, it, vi } from 'vitest';
import { startPaywallFormatting } from '../../../src/features/onboarding/checkout/paywall-format';
import { nextTask } from '../../../src/lib/next-task';

// Apart from the other unit files (tests/unit/replaces-modules.ts): it replaces Intl, and needs the
// formatters' caches empty, as a page's are when it starts. Each `await nextTask()` here is one task
// later: zero timeouts run in the order they were set, so each lets exactly one step run.
describe('the paywall formatting started ahead', () => {
  it('starts money, then dates, then currency names, each in a task of its own, and the cancel stops the rest', async () => {
    const started: string[] = [];
    // Intl with its three services counted as each is made.
    const counted = (name: 'NumberFormat' | 'DateTimeFormat' | 'DisplayNames') =>
      new Proxy(Intl[name], {
        construct(target, args) {
          started.push(name);
          return Reflect.construct(target, args) as object;
        },
      });
    vi.stubGlobal('Intl', { ...Intl, NumberFormat: counted('NumberFormat'), DateTimeFormat: counted('DateTimeFormat'), DisplayNames: counted('DisplayNames') });
    try {
      const lng = 'fr' as const;
      startPaywallFormatting(lng);
      expect(started).toEqual([]);
      await nextTask();
      expect(started).toEqual(['NumberFormat']);
      await nextTask();
      expect(started).toEqual(['NumberFormat', 'DateTimeFormat']);
      await nextTask();
      expect(started).toEqual(['NumberFormat', 'DateTimeFormat', 'DisplayNames']);
      const cancel = startPaywallFormatting('en');
      cancel();
      for (const _ of [1, 2, 3, 4]) await nextTask();
      expect(started).toHaveLength(3);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
