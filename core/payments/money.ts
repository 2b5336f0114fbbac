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
