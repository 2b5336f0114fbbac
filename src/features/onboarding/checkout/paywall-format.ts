import type { Language } from '../../../../core/routes/languages';
import { formatDate } from '../../../../core/format-date';

/** The trial's end as the paywall writes it ("December 4, 2026", "4 décembre 2026"). */
export function formatTrialDate(date: Date, lng: Language): string {
  return formatDate(date, lng, 'long');
}

/** "US Dollar (USD)" / "Dollar des États-Unis (USD)": the currency switch's options. */
export function currencyLabel(code: string, lng: Language): string {
  const name = new Intl.DisplayNames(lng, { type: 'currency' }).of(code) ?? code;
  return `${name.charAt(0).toUpperCase()}${name.slice(1)} (${code})`;
}
