import { describe, expect, it, vi } from 'vitest';
import { startPaywallFormatting } from '../../../src/features/onboarding/checkout/paywall-format';

// Apart from the other unit files (tests/unit/replaces-modules.ts): it replaces Intl, and needs the
// formatters' caches empty, as a page's are when it starts.
describe('the paywall formatting started ahead', () => {
  it('starts money, then dates, then currency names, each in a task of its own, and the cancel stops the rest', () => {
    vi.useFakeTimers();
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
      vi.advanceTimersToNextTimer();
      expect(started).toEqual(['NumberFormat']);
      vi.advanceTimersToNextTimer();
      expect(started).toEqual(['NumberFormat', 'DateTimeFormat']);
      vi.advanceTimersToNextTimer();
      expect(started).toEqual(['NumberFormat', 'DateTimeFormat', 'DisplayNames']);
      const cancel = startPaywallFormatting('en');
      cancel();
      vi.runAllTimers();
      expect(started).toHaveLength(3);
    } finally {
      vi.unstubAllGlobals();
      vi.useRealTimers();
    }
  });
});
