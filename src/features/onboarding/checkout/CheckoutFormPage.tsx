import { useMachine } from '@xstate/react';
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../app/api-client';
import type { Language } from '../../../../core/routes/languages';
import { publicConfig } from '../../../app/public-config';
import { useQuery } from '../../../app/query-cache';
import type { BillingInterval, Plan, PlanCode, PlansResponse } from '../../../../core/contracts/payments';
import { supportedCurrencies, type SupportedCurrency } from '../../../../core/payments/currency';
import { trialEnd } from '../../../../core/payments/trial';
import { track } from '../../../app/analytics/analytics';
import { Alert } from '../../../ui/Alert';
import { Box } from '../../../ui/Box';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { Heading, Text } from '../../../ui/Text';
import { segmentedTrack } from '../../../ui/Segmented.css';
import { preloadStripe } from './checkout.actors';
import { checkoutMachine } from './checkout.machine';
import * as styles from './CheckoutFormPage.css';
import { currencyFromPersonCountries, geoCurrency } from './currency';
import { PlansSkeleton } from './PaywallFrame';
import { useTrialOffer } from './trial-offer';
import { formatDate } from '../../../../core/format-date';
import { publishInspection } from '../../../app/live-state/live-state';
import { SelectField } from '../../../ui/Field';
import { appActor } from '../../../app/address/app-actor';
import { afterFirstRender } from '../../../app/first-render';

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

/** SPEC §9: checkout-route data is stale after 1 second (prices must be current when paying). */
const CHECKOUT_STALE_MS = 1000;
export function formatTrialDate(date: Date, lng: Language): string {
  return formatDate(date, lng, 'long');
}

/** "US dollar (USD)" / "dollar des États-Unis (USD)": the currency switch's options. */
function currencyLabel(code: string, lng: Language): string {
  const name = new Intl.DisplayNames(lng, { type: 'currency' }).of(code) ?? code;
  return `${name.charAt(0).toUpperCase()}${name.slice(1)} (${code})`;
}

/** formatMoney's output, with one Intl.NumberFormat for a currency and language. */
function moneyFormatter(currency: string, minorUnits: number, lng: Language): (amountMinor: number) => string {
  const format = new Intl.NumberFormat(lng, { style: 'currency', currency, minimumFractionDigits: minorUnits, maximumFractionDigits: minorUnits });
  return (amountMinor) => format.format(amountMinor / 10 ** minorUnits);
}

/**
 * The paywall (SPEC §2 checkout-form): plan and yearly/monthly choice in the visitor's currency,
 * price, discount, per-seat savings, trial end, and 'Start my free trial'. Rendered by the
 * onboarding route, which validates the search params and owns the address.
 */
function CheckoutFormPage({ lng, interval, plan, onSelect, onCheckoutStarted, countryHints, decided = true }: CheckoutFormPageProps) {
  const { t } = useTranslation('checkout');
  const company = countryHints?.company ?? null;
  const phone = countryHints?.phone ?? null;
  // Geolocation first, asked as soon as the paywall is drawn (beside the profile fetch); the
  // person's own countries only when it gives no currency sold here, once the profile is known.
  const geoQuery = useQuery(['geo-currency'], () => geoCurrency(fetch), { retries: 0 });
  const geoSettled = geoQuery.status !== 'pending';
  const hintQuery = useQuery(['hint-currency', company, phone], () => currencyFromPersonCountries(company, phone), {
    enabled: decided && geoSettled && !geoQuery.data,
    retries: 0,
  });
  // The person may pick another currency; the detected one is only the starting point.
  const [chosenCurrency, setChosenCurrency] = useState<SupportedCurrency | null>(null);
  const currency = chosenCurrency ?? geoQuery.data ?? (decided && geoSettled ? hintQuery.data : undefined);
  const plansQuery = useQuery(
    ['subscription-plans', currency],
    () => apiRequest<PlansResponse>('/v1/subscription/plans', { query: { currency }, anonymous: true }),
    { enabled: currency !== undefined, staleTimeMs: CHECKOUT_STALE_MS },
  );
  const offer = useTrialOffer(decided);
  const [snapshot, send] = useMachine(
    checkoutMachine.provide({
      actions: {
        redirect: (_, params) => {
          onCheckoutStarted?.();
          appActor().send({ type: 'leave', href: params.url });
        },
      },
    }),
    { inspect: publishInspection('paywall') },
  );

  const config = publicConfig();
  const stripeKey = config.payments.provider === 'stripe' ? config.payments.stripePublishableKey : null;
  const stripeAsked = useRef(false);
  // Stripe.js is fetched only when Stripe is the provider, ahead of the click that needs it: once
  // the page has painted and is idle, or sooner when the pointer or focus reaches the button.
  const warmStripe = () => {
    if (!stripeKey || stripeAsked.current) return;
    stripeAsked.current = true;
    preloadStripe(stripeKey).catch((error: unknown) => console.warn('Stripe.js did not load', error));
  };
  useEffect(() => {
    if (decided && stripeKey) afterFirstRender(warmStripe);
    // warmStripe reads the key through the ref'd closure; once per key is enough.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [decided, stripeKey]);

  useEffect(() => {
    if (decided && currency) track('paywallViewed', { plan, interval, currency });
    // One view per currency resolution, not per toggle.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [decided, currency]);

  // Intl's formatters are built once per language and currency, not on every render: on a phone's
  // CPU each costs a few milliseconds, and the page renders again as the funnel and the plans answer.
  const trialDate = useMemo(() => formatTrialDate(trialEnd(new Date()), lng), [lng]);
  const currencyOptions = useMemo(() => supportedCurrencies.map((code) => ({ code, label: currencyLabel(code, lng) })), [lng]);
  const data = plansQuery.data;
  const formatter = useMemo(() => (data ? moneyFormatter(data.currency, data.minorUnits, lng) : null), [data, lng]);
  const selected: Plan | undefined = data?.plans.find((entry) => entry.plan === plan) ?? data?.plans[0];
  const money = (amount: number) => (formatter && data ? formatter(amount) : '');
  const busy = snapshot.matches('starting') || snapshot.matches('redirecting');
  const errorCode = snapshot.context.errorCode;

  const select = (next: { interval: BillingInterval; plan: PlanCode }) => {
    if (currency) track('planSelected', { ...next, currency });
    onSelect(next);
  };

  const start = () => {
    if (!selected || !currency) return;
    track('checkoutStarted', { plan: selected.plan, interval, currency, provider: config.payments.provider });
    send({ type: 'checkout.started', input: { lng, interval, plan: selected.plan, currency: selected.currency } });
  };

  if (!decided) return <PlansSkeleton />;
  return plansQuery.status === 'error' ? (
    <Alert tone="critical">
      <Box display="flex" flexDirection="column" gap="small">
        <span>{t('errors.plansUnavailable')}</span>
        <Button tone="secondary" size="small" onClick={plansQuery.refetch}>
          {t('errors.retry')}
        </Button>
      </Box>
    </Alert>
  ) : !data || !selected || !offer.settled ? (
    <PlansSkeleton />
  ) : (
    <Box display="flex" flexDirection="column" gap="large">
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('interval.label')}</legend>
        <div className={segmentedTrack}>
          {(['yearly', 'monthly'] as const).map((option) => (
            <label key={option} className={styles.segment}>
              <input
                className={styles.hiddenRadio}
                type="radio"
                name="interval"
                value={option}
                checked={interval === option}
                onChange={() => select({ interval: option, plan: selected.plan })}
              />
              {option === 'yearly' && selected.yearlyDiscountPercent > 0
                ? t('interval.yearlySave', { percent: selected.yearlyDiscountPercent })
                : t(`interval.${option}`)}
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('plan.label')}</legend>
        <div className={styles.plans}>
          {data.plans.map((entry) => {
            const price = entry.prices[interval];
            return (
              <label key={entry.plan} className={styles.planOption}>
                <input
                  className={styles.hiddenRadio}
                  type="radio"
                  name="plan"
                  value={entry.plan}
                  checked={selected.plan === entry.plan}
                  onChange={() => select({ interval, plan: entry.plan })}
                />
                <span className={styles.planName}>{t(`plan.${entry.plan}`)}</span>
                <span>
                  <span className={styles.amount}>{money(price.monthlyEquivalent)}</span> <span className={styles.muted}>{t('price.perSeatMonth')}</span>
                </span>
                {interval === 'yearly' && entry.yearlyDiscountPercent > 0 ? (
                  <span className={styles.badge}>{t('price.discount', { percent: entry.yearlyDiscountPercent })}</span>
                ) : null}
                <span className={styles.muted}>{t(`plan.${entry.plan}Description`)}</span>
              </label>
            );
          })}
        </div>
      </fieldset>

      <Card elevation="raised" role="region" aria-labelledby="checkout-summary">
        <Box display="flex" flexDirection="column" gap="small">
          <Heading level={2} id="checkout-summary">
            {t(`plan.${selected.plan}`)} · {t(`interval.${interval}`)}
          </Heading>
          <Text>
            {interval === 'yearly'
              ? t('price.billedYearly', { amount: money(selected.prices.yearly.unitAmount) })
              : t('price.billedMonthly', { amount: money(selected.prices.monthly.unitAmount) })}
          </Text>
          {selected.yearlySavingsPerSeat > 0 ? (
            <Text tone="muted">
              {interval === 'yearly'
                ? t('price.savings', { amount: money(selected.yearlySavingsPerSeat) })
                : t('price.savingsMonthly', { amount: money(selected.yearlySavingsPerSeat) })}
            </Text>
          ) : null}
          {offer.trial === false ? (
            <ul className={styles.list}>
              <li>
                <strong>{t(`paid.today.${interval}`, { amount: money(selected.prices[interval].unitAmount) })}</strong>
              </li>
              <li>{t('paid.noTrial')}</li>
              <li>{t('trial.moneyBack')}</li>
            </ul>
          ) : (
            <ul className={styles.list}>
              <li>
                <strong>{t('trial.end', { date: trialDate })}</strong>
              </li>
              <li>{t('trial.charged', { amount: money(selected.prices[interval].unitAmount), date: trialDate })}</li>
              <li>{t('trial.moneyBack')}</li>
            </ul>
          )}
          {errorCode ? (
            <Alert tone="critical">{t(`errors.${errorCode}`, { defaultValue: t('errors.UNKNOWN_ERROR') })}</Alert>
          ) : null}
          <Button block loading={busy} onClick={start} onPointerEnter={warmStripe} onFocus={warmStripe}>
            {offer.trial === false ? t('paid.start', { amount: money(selected.prices[interval].unitAmount) }) : t('start')}
          </Button>
        </Box>
      </Card>
      <div className={styles.currencyRow}>
        <SelectField
          label={t('currency.label')}
          name="currency"
          value={data.currency}
          onChange={(event) => setChosenCurrency(event.target.value as SupportedCurrency)}
        >
          {currencyOptions.map(({ code, label }) => (
            <option key={code} value={code}>
              {label}
            </option>
          ))}
        </SelectField>
      </div>
    </Box>
  );
}

/** The paywall's plans, drawn again only when what it shows changes (not on every funnel step). */
export default memo(CheckoutFormPage);
