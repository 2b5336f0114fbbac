import { useQuery } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { memo, useDeferredValue, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../../core/routes/languages';
import { publicConfig } from '../../../platform/public-config';
import { queryClient } from '../../../platform/query-cache';
import type { BillingInterval, Plan, PlanCode } from '../../../../core/contracts/payments';
import { track } from '../../../platform/analytics/analytics';
import { Box } from '../../../ui/Box';
import { RetryAlert } from '../../../ui/RetryAlert';
import { checkoutMachine } from '../../../../machines/checkout.machine';
import { startCheckout } from './checkout.actors';
import { plansQuery } from './checkout-queries';
import { CheckoutSummary } from './CheckoutSummary';
import { usePromotion } from './use-promotion';
import { CurrencyChoice } from './CurrencyChoice';
import { IntervalChoice } from './IntervalChoice';
import { PlansSkeleton } from './PaywallFrame';
import { moneyFormatter } from '../../../../core/payments/money';
import { startPaywallFormatting } from './paywall-format';
import { PlanChoice } from './PlanChoice';
import { useTrialOffer } from './trial-offer';
import { usePaywallCurrency } from './use-paywall-currency';
import { useStripeWarmup } from './use-stripe-warmup';
import { publishInspection } from '../../../platform/live-state/live-state';
import { appActor } from '../../../platform/app-actor';

export interface CheckoutFormPageProps {
  lng: Language;
  interval: BillingInterval;
  plan: PlanCode;
  /** The visitor changed the plan or interval: the onboarding route owns the URL and re-renders. */
  onSelect(next: { interval: BillingInterval; plan: PlanCode }): void;
  /** The browser is about to leave for the payment provider (the funnel enters its payment state). */
  onCheckoutStarted?(): void;
  /**
   * What the person gave, for the currency when geolocation knows nothing: the company's country
   * first, then the phone number's (E.164).
   */
  countryHints?: { company: string | null; phone: string | null };
  /**
   * False while the funnel has not yet decided the paywall is for this person (session, profile):
   * the plans are already asked for (their currency by geolocation) but the skeleton stays.
   */
  decided?: boolean;
}

/**
 * The paywall (SPEC §2 checkout-form): plan and yearly/monthly choice in the visitor's currency,
 * price, discount, per-seat savings, trial end, and 'Start my free trial'. Rendered by the
 * onboarding route, which validates the search params and owns the address.
 */
function CheckoutFormPage({ lng, interval, plan, onSelect, onCheckoutStarted, countryHints, decided = true }: CheckoutFormPageProps) {
  const { t } = useTranslation('checkout');
  const { currency, choose: chooseCurrency } = usePaywallCurrency(countryHints, decided);
  const plans = useQuery(plansQuery(currency), queryClient);
  const offer = useTrialOffer(decided);
  const promotion = usePromotion(decided);
  const [snapshot, send] = useMachine(
    checkoutMachine.provide({
      actors: { startCheckout },
      actions: {
        redirect: (_, params) => {
          onCheckoutStarted?.();
          appActor().send({ type: 'leave', href: params.url });
        },
      },
    }),
    { inspect: publishInspection('paywall') },
  );
  const warmStripe = useStripeWarmup(decided);

  useEffect(() => {
    if (decided && currency) track('paywallViewed', { plan, interval, currency });
    // One view per currency resolution, not per toggle.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [decided, currency]);

  // Intl's money formatter is built once per language and currency, not on every render: on a phone's
  // CPU it costs a few milliseconds, and the page renders again as the funnel and the plans answer.
  const data = plans.data;
  const formatter = useMemo(() => (data ? moneyFormatter(data.currency, data.minorUnits, lng) : null), [data, lng]);
  // While the plans are on the way, Intl's money, dates and currency names start in tasks of their
  // own, not in the long task that renders the plans (#40.2).
  const plansPending = !data;
  useEffect(() => (plansPending ? startPaywallFormatting(lng) : undefined), [plansPending, lng]);
  const selected: Plan | undefined = data?.plans.find((entry) => entry.plan === plan) ?? data?.plans[0];
  const money = (amount: number) => (formatter && data ? formatter(amount) : '');
  const busy = snapshot.matches('starting') || snapshot.matches('redirecting');

  const select = (next: { interval: BillingInterval; plan: PlanCode }) => {
    if (currency) track('planSelected', { ...next, currency });
    onSelect(next);
  };

  const start = () => {
    if (!selected || !currency) return;
    track('checkoutStarted', { plan: selected.plan, interval, currency, provider: publicConfig().payments.provider });
    send({ type: 'checkout.started', input: { lng, interval, plan: selected.plan, currency: selected.currency } });
  };

  // The plans' answer comes in through a store (TanStack Query), which React draws at once, in one
  // task; drawn from a deferred value instead, the plans are a transition that yields to the browser
  // every few milliseconds: the skeleton stays until the commit (#40.2: one of the paywall's longest tasks).
  // Shown once the deferred draw has caught up, and never ahead of what is ready now.
  const ready = Boolean(data && selected && offer.settled && promotion.settled);
  const shown = useDeferredValue(ready) && ready;

  if (!decided) return <PlansSkeleton />;
  return plans.data === undefined && plans.isError ? (
    <RetryAlert message={t('errors.plansUnavailable')} retryLabel={t('errors.retry')} onRetry={() => void plans.refetch()} />
  ) : !data || !selected || !shown ? (
    <PlansSkeleton />
  ) : (
    <Box display="flex" flexDirection="column" gap="large">
      <IntervalChoice interval={interval} selected={selected} onSelect={(option) => select({ interval: option, plan: selected.plan })} />
      <PlanChoice plans={data.plans} interval={interval} selected={selected} money={money} onSelect={(entry) => select({ interval, plan: entry })} />
      <CheckoutSummary
        lng={lng}
        selected={selected}
        interval={interval}
        trial={offer.trial}
        promotion={promotion.promotion}
        money={money}
        errorCode={snapshot.context.errorCode}
        busy={busy}
        onStart={start}
        onWarm={warmStripe}
      />
      <CurrencyChoice lng={lng} value={data.currency} onChange={chooseCurrency} />
    </Box>
  );
}

/** The paywall's plans, drawn again only when what it shows changes (not on every funnel step). */
export default memo(CheckoutFormPage);
