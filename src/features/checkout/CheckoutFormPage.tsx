import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../app/api-client';
import type { Language } from '../../app/languages';
import { publicConfig } from '../../app/public-config';
import { useQuery } from '../../app/query-cache';
import {
  formatMoney,
  supportedCurrencies,
  TRIAL_DAYS,
  type SupportedCurrency,
  type BillingInterval,
  type Plan,
  type PlanCode,
  type PlansResponse,
} from '../../contracts/payments';
import { track } from '../analytics/analytics';
import { Alert } from '../../ui/Alert';
import { Box } from '../../ui/Box';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Page } from '../../ui/Page';
import { Spinner } from '../../ui/Spinner';
import { FooterHold } from '../../ui/shell/footer-hold';
import { Heading, Text } from '../../ui/Text';
import { preloadStripe } from './checkout.actors';
import { checkoutMachine } from './checkout.machine';
import * as styles from './CheckoutFormPage.css';
import { detectCurrency } from './currency';
import { formatDate } from '../../lib/format-date';
import { publishInspection } from '../charts/live-state';
import { SelectField } from '../../ui/Field';
import { appActor } from '../../app/address/app-actor';

export interface CheckoutFormPageProps {
  lng: Language;
  interval: BillingInterval;
  plan: PlanCode;
  /** The visitor changed the plan or interval: the onboarding route owns the URL and re-renders. */
  onSelect(next: { interval: BillingInterval; plan: PlanCode }): void;
  /** The browser is about to leave for the payment provider (the funnel enters its payment state). */
  onCheckoutStarted?(): void;
  /** The funnel's progress indicator, shown above the plans. */
  progress?: ReactNode;
  /** Countries the person gave, for the currency when geolocation knows nothing: company first, then phone. */
  countryHints?: { company: string | null; phone: string | null };
}

/** SPEC §9: checkout-route data is stale after 1 second (prices must be current when paying). */
const CHECKOUT_STALE_MS = 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export function trialEndDate(now: Date = new Date()): Date {
  return new Date(now.getTime() + TRIAL_DAYS * DAY_MS);
}

export function formatTrialDate(date: Date, lng: Language): string {
  return formatDate(date, lng, 'long');
}

/** "US dollar (USD)" / "dollar des États-Unis (USD)": the currency switch's options. */
function currencyLabel(code: string, lng: Language): string {
  const name = new Intl.DisplayNames(lng, { type: 'currency' }).of(code) ?? code;
  return `${name.charAt(0).toUpperCase()}${name.slice(1)} (${code})`;
}

/**
 * The paywall (SPEC §2 checkout-form): plan and yearly/monthly choice in the visitor's currency,
 * price, discount, per-seat savings, trial end, and 'Start my free trial'. Rendered by the
 * onboarding route, which validates the search params and owns the address.
 */
export default function CheckoutFormPage({ lng, interval, plan, onSelect, onCheckoutStarted, progress, countryHints }: CheckoutFormPageProps) {
  const { t } = useTranslation('checkout');
  const company = countryHints?.company ?? null;
  const phone = countryHints?.phone ?? null;
  const currencyQuery = useQuery(['geo-currency', company, phone], () => detectCurrency(fetch, undefined, undefined, undefined, [company, phone]), { retries: 0 });
  // The person may pick another currency; the detected one is only the starting point.
  const [chosenCurrency, setChosenCurrency] = useState<SupportedCurrency | null>(null);
  const currency = chosenCurrency ?? currencyQuery.data;
  const plansQuery = useQuery(
    ['subscription-plans', currency],
    () => apiRequest<PlansResponse>('/v1/subscription/plans', { query: { currency }, anonymous: true }),
    { enabled: currency !== undefined, staleTimeMs: CHECKOUT_STALE_MS },
  );
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
  useEffect(() => {
    // Stripe.js is fetched only when Stripe is the provider, ahead of the click that needs it.
    if (config.payments.provider === 'stripe' && config.payments.stripePublishableKey) {
      preloadStripe(config.payments.stripePublishableKey).catch((error: unknown) => console.warn('Stripe.js did not load', error));
    }
  }, [config.payments.provider, config.payments.stripePublishableKey]);

  useEffect(() => {
    if (currency) track('paywallViewed', { plan, interval, currency });
    // One view per currency resolution, not per toggle.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [currency]);

  const trialEnd = useMemo(() => trialEndDate(), []);
  const trialDate = formatTrialDate(trialEnd, lng);
  const data = plansQuery.data;
  const selected: Plan | undefined = data?.plans.find((entry) => entry.plan === plan) ?? data?.plans[0];
  const money = (amount: number) => (data ? formatMoney(amount, data.currency, data.minorUnits, lng) : '');
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

  return (
    <Page width="content">
      {progress}
      <Box display="flex" flexDirection="column" gap="xsmall">
        <Heading>{t('title')}</Heading>
        <Text tone="muted">{t('subtitle')}</Text>
      </Box>

      {plansQuery.status === 'error' ? (
        <Alert tone="critical">
          <Box display="flex" flexDirection="column" gap="small">
            <span>{t('errors.plansUnavailable')}</span>
            <Button tone="secondary" size="small" onClick={plansQuery.refetch}>
              {t('errors.retry')}
            </Button>
          </Box>
        </Alert>
      ) : !data || !selected ? (
        <Box display="flex" alignItems="center" gap="small" role="status">
          <Spinner />
          <Text tone="muted">{t('loading')}</Text>
          <FooterHold />
        </Box>
      ) : (
        <Box display="flex" flexDirection="column" gap="large">
          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>{t('interval.label')}</legend>
            <div className={styles.segmented}>
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
              <ul className={styles.list}>
                <li>
                  <strong>{t('trial.end', { date: trialDate })}</strong>
                </li>
                <li>{t('trial.charged', { amount: money(selected.prices[interval].unitAmount), date: trialDate })}</li>
                <li>{t('trial.moneyBack')}</li>
              </ul>
              {errorCode ? (
                <Alert tone="critical">{t(`errors.${errorCode}`, { defaultValue: t('errors.UNKNOWN_ERROR') })}</Alert>
              ) : null}
              <Button block loading={busy} onClick={start}>
                {t('start')}
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
              {supportedCurrencies.map((code) => (
                <option key={code} value={code}>
                  {currencyLabel(code, lng)}
                </option>
              ))}
            </SelectField>
          </div>
        </Box>
      )}
    </Page>
  );
}
