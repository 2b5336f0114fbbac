import type { Language } from '../../../../core/routes/languages';
import { formatDate } from '../../../../core/format-date';
import { startMoneyFormatting } from '../../../../core/payments/money';
import { nextTask } from '../../../lib/next-task';

/** The trial's end as the paywall writes it ("December 4, 2026", "4 décembre 2026"). */
export function formatTrialDate(date: Date, lng: Language): string {
  return formatDate(date, lng, 'long');
}

/** One formatter of currency names per language: the switch names several currencies each render. */
const currencyNames = new Map<string, Intl.DisplayNames>();

/** "US Dollar (USD)" / "Dollar des États-Unis (USD)": the currency switch's options. */
export function currencyLabel(code: string, lng: Language): string {
  let names = currencyNames.get(lng);
  if (!names) {
    names = new Intl.DisplayNames(lng, { type: 'currency' });
    currencyNames.set(lng, names);
  }
  const name = names.of(code) ?? code;
  return `${name.charAt(0).toUpperCase()}${name.slice(1)} (${code})`;
}

/**
 * Starts, while the plans are on the way, the three services of Intl the plans are written with,
 * each in a task of its own: each pays its own start-up the first time (money ~120 ms, dates and
 * currency names ~35 ms each at Lighthouse's 4× CPU, #40.2), and the render of the plans paid the
 * last two in its one task. Returns what cancels the ones not started yet.
 */
export function startPaywallFormatting(lng: Language): () => void {
  const steps = [() => startMoneyFormatting(lng), () => formatTrialDate(new Date(), lng), () => currencyLabel('EUR', lng)];
  let cancelled = false;
  void (async () => {
    for (const step of steps) {
      await nextTask();
      if (cancelled) return;
      step();
    }
  })();
  return () => {
    cancelled = true;
  };
}
