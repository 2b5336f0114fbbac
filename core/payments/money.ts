/**
 * Money in the page language ("€39.00", "39,00 €", "¥6,300") from minor units: the paywall, the
 * account page and the local checkout page. `moneyFormatter` builds the Intl formatter once (on a
 * phone's CPU it costs a few milliseconds, and the paywall renders again as its data answers);
 * `formatMoney` is one amount.
 */
export function moneyFormatter(currency: string, minorUnits: number, locale: string): (amountMinor: number) => string {
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: minorUnits, maximumFractionDigits: minorUnits });
  return (amountMinor) => format.format(amountMinor / 10 ** minorUnits);
}

export function formatMoney(amountMinor: number, currency: string, minorUnits: number, locale: string): string {
  return moneyFormatter(currency, minorUnits, locale)(amountMinor);
}

/**
 * Builds and drops one money formatter for `locale`, so that the page's first real one finds ICU
 * started: a page's first Intl formatter pays ICU's start-up (~60 ms on this machine's CPU, ~250 ms
 * at Lighthouse's 4× throttle, measured in #40.2), the next ones well under a millisecond whatever
 * the currency or language. The paywall calls it in a task of its own while its plans are on the way
 * (startPaywallFormatting, with the dates and currency names), so the start-up no longer lengthens
 * the task that renders them; the prices are formatted as before.
 */
export function startMoneyFormatting(locale: string): void {
  new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(0);
}
