/**
 * The one price rule for a promotion (#37.1): a percent off, rounded to the minor unit. The server
 * charges with it (billing, the hosted checkout's first charge) and the paywall shows it, so the
 * amount a person reads before paying is the amount the checkout and the account page show.
 */
export function applyPercentOff(amount: number, percentOff: number | null | undefined): number {
  if (!percentOff) return amount;
  return Math.round((amount * (100 - percentOff)) / 100);
}
