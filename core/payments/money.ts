/** Formats minor units as money in the page language ("€39.00", "39,00 €", "¥6,300"): the account page and the local checkout page. */
export function formatMoney(amountMinor: number, currency: string, minorUnits: number, locale: string): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: minorUnits,
    maximumFractionDigits: minorUnits,
  }).format(amountMinor / 10 ** minorUnits);
}
