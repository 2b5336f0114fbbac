import { useSelector } from '@xstate/react';
import { lazy, Suspense, useCallback, useMemo, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { appActor, isFunnelEntry } from '../../platform/app-actor';
import { useLanguage } from '../../platform/use-language';
import { SecondStepGate } from '../../platform/verification/SecondStepGate';
import { Card } from '../../ui/Card';
import { Page } from '../../ui/Page';
import { topState } from '../../../machines/onboarding.url';
import type { Interval, Plan } from '../../../core/contracts/onboarding';
import { PaywallFrame, PlansSkeleton } from './checkout/PaywallFrame';
import type { FunnelActor } from './funnel-actor';
import { noFunnelYet, useFunnelActor } from './funnel-store';
import { Progress, type ProgressStep } from './Progress';
import { LoadingView } from './steps/LoadingView';
import type { StepProps } from './step-props';
import { useStepHeadingFocus } from './use-step-heading-focus';

/** The steps but the paywall (one chunk, see ./steps/Step) and the paywall's plans: each loads when shown. */
const Step = lazy(() => import('./steps/Step'));
const CheckoutFormPage = lazy(() => import('./checkout/CheckoutFormPage'));

type FunnelSnapshot = ReturnType<FunnelActor['getSnapshot']>;

const progressOf: Partial<Record<string, ProgressStep | 'done'>> = {
  verifyPhone: 'verifyPhone',
  size: 'size',
  details: 'details',
  crm: 'crm',
  // The identity check runs on the way to the plan, without a page of its own.
  identityCheck: 'checkout',
  checkoutForm: 'checkout',
  payment: 'checkout',
  nextSteps: 'done',
};

/** States in which the funnel has not yet decided what this person is shown. */
const undecided = new Set(['waitingForSession', 'loadingProfile', 'savingProviderSignup', 'routing']);

/** The funnel's snapshot, or null before its chunk has loaded and the app chart has started it. */
function useFunnelSnapshot(actor: FunnelActor | null): FunnelSnapshot | null {
  const subscribe = useCallback(
    (listener: () => void) => {
      if (!actor) return () => undefined;
      const subscription = actor.subscribe(listener);
      return () => subscription.unsubscribe();
    },
    [actor],
  );
  return useSyncExternalStore(subscribe, () => actor?.getSnapshot() ?? null, noFunnelYet);
}

/**
 * The steps' send, with the in-page Back: the app chart uses the browser's Back when the entry before
 * is the previous step (so it adds no history entry and Forward still works); otherwise the funnel
 * steps back in place.
 */
function sendToFunnel(actor: FunnelActor | null): StepProps['send'] {
  return (event) => {
    if (event.type === 'step.back') {
      appActor().send({ type: 'funnel.back', previousIsStep: isFunnelEntry(window.history.state) });
      return;
    }
    actor?.send(event);
  };
}

/**
 * Every /{lng}/onboarding/* address lands here. The funnel chart (a child of the app chart,
 * src/app/address/start-app.ts) decides what to show; the address is the app chart's projection.
 * At the paywall's address the paywall's frame is drawn at once, while the funnel loads and
 * decides: one tree from the first paint to the plans, so nothing is drawn twice or moves.
 */
export default function OnboardingRoute() {
  return (
    <SecondStepGate>
      <Funnel />
    </SecondStepGate>
  );
}

function Funnel() {
  // Loads the namespace before any step renders (Suspense), so steps never flash raw keys.
  useTranslation('onboarding');
  const actor = useFunnelActor();
  const snapshot = useFunnelSnapshot(actor);
  const page = useSelector(appActor(), (current) => current.context.page);
  const language = useLanguage();

  const send = sendToFunnel(actor);

  const top = snapshot ? topState(snapshot.value) : 'starting';
  const deciding = !snapshot || undecided.has(top);
  const requested = snapshot ? snapshot.context.requested : page;
  const paywall = top === 'checkoutForm' || top === 'payment' || (deciding && requested === 'checkoutForm');
  const progress = progressOf[top];
  // Stable across the funnel's steps, so the paywall's plans are not drawn again for each of them.
  const company = snapshot?.context.business?.country ?? null;
  const phone = snapshot?.context.user?.profile.phone ?? null;
  const countryHints = useMemo(() => ({ company, phone }), [company, phone]);
  const onSelect = useCallback(
    (next: { interval: Interval; plan: Plan }) => actor?.send({ type: 'checkout.selected', interval: next.interval, plan: next.plan }),
    [actor],
  );
  const onCheckoutStarted = useCallback(() => actor?.send({ type: 'checkout.started' }), [actor]);

  useStepHeadingFocus(top);

  if (paywall) {
    const context = snapshot?.context;
    return (
      <PaywallFrame progress={<Progress current="checkout" />}>
        <Suspense fallback={<PlansSkeleton />}>
          <CheckoutFormPage
            decided={!deciding}
            countryHints={countryHints}
            lng={context?.lng ?? language}
            interval={context?.interval ?? 'yearly'}
            plan={context?.plan ?? 'business'}
            onSelect={onSelect}
            onCheckoutStarted={onCheckoutStarted}
          />
        </Suspense>
      </PaywallFrame>
    );
  }
  if (!snapshot) {
    return (
      <Page width="narrow">
        <Card>
          <LoadingView />
        </Card>
      </Page>
    );
  }
  if (top === 'success') {
    return (
      <Page width="content">
        <Suspense fallback={<LoadingView />}>
          <Step top={top} snapshot={snapshot} send={send} />
        </Suspense>
      </Page>
    );
  }
  return (
    <Page width="narrow">
      <Card>
        {progress ? <Progress current={progress} /> : null}
        <Suspense fallback={<LoadingView />}>
          <Step top={top} snapshot={snapshot} send={send} />
        </Suspense>
      </Card>
    </Page>
  );
}
