import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { appActor, isFunnelEntry } from '../../app/address/app-actor';
import { Card } from '../../ui/Card';
import { Page } from '../../ui/Page';
import { topState } from '../../../machines/onboarding.url';
import { useFunnelActor, type FunnelActor } from './funnel-actor';
import { Progress, type ProgressStep } from './Progress';
import { CrmStep } from './steps/CrmStep';
import { DetailsStep } from './steps/DetailsStep';
import { SizeStep } from './steps/SizeStep';
import { IdentityCheckView, LoadingView, NextStepsView, SuccessView } from './steps/StatusViews';
import { VerifyPhoneStep } from './steps/VerifyPhoneStep';
import type { StepProps } from './step-props';
import { phoneCountry } from '../../lib/format-phone';

const CheckoutFormPage = lazy(() => import('../checkout/CheckoutFormPage'));

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

/**
 * Every /{lng}/onboarding/* address lands here. The funnel chart (a child of the app chart,
 * src/app/address/app-actor.ts) decides what to show; the address is the app chart's projection.
 */
export default function OnboardingRoute() {
  // Loads the namespace before any step renders (Suspense), so steps never flash raw keys.
  useTranslation('onboarding');
  const actor = useFunnelActor();
  if (!actor) {
    return (
      <Page width="narrow">
        <Card>
          <LoadingView />
        </Card>
      </Page>
    );
  }
  return <Funnel actor={actor} />;
}

function Funnel({ actor }: { actor: FunnelActor }) {
  const snapshot = useSelector(actor, (current) => current);

  /**
   * The in-page Back: the app chart uses the browser's Back when the entry before is the previous
   * step (so it adds no history entry and Forward still works); otherwise the funnel steps back in place.
   */
  const send: StepProps['send'] = (event) => {
    if (event.type === 'step.back') {
      appActor().send({ type: 'funnel.back', previousIsStep: isFunnelEntry(window.history.state) });
      return;
    }
    actor.send(event);
  };

  const top = topState(snapshot.value);
  const progress = progressOf[top];

  // Focus follows the step: on arrival and after each move, the step's heading takes it (not <body>),
  // so screen readers announce where the person is and Tab starts from the step's first field.
  useEffect(() => {
    let frames = 0;
    let handle = 0;
    const focusHeading = () => {
      const heading = document.querySelector<HTMLElement>('main h1');
      if (heading) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
        return;
      }
      // The paywall's chunk may still be loading: try again on the next frames, for about a second.
      if ((frames += 1) < 60) handle = requestAnimationFrame(focusHeading);
    };
    handle = requestAnimationFrame(focusHeading);
    return () => cancelAnimationFrame(handle);
  }, [top]);
  let content;
  switch (top) {
    case 'verifyPhone':
      content = <VerifyPhoneStep snapshot={snapshot} send={send} />;
      break;
    case 'size':
      content = <SizeStep snapshot={snapshot} send={send} />;
      break;
    case 'details':
      content = <DetailsStep snapshot={snapshot} send={send} />;
      break;
    case 'crm':
      content = <CrmStep snapshot={snapshot} send={send} />;
      break;
    case 'identityCheck':
      content = <IdentityCheckView snapshot={snapshot} send={send} />;
      break;
    case 'nextSteps':
      content = <NextStepsView snapshot={snapshot} send={send} />;
      break;
    case 'success':
      return (
        <Page width="content">
          <SuccessView />
        </Page>
      );
    case 'checkoutForm':
    case 'payment':
      return (
        <Suspense fallback={<LoadingView />}>
          <CheckoutFormPage
            progress={<Progress current="checkout" />}
            countryHints={{ company: snapshot.context.business?.country ?? null, phone: phoneCountry(snapshot.context.user?.profile.phone) }}
            lng={snapshot.context.lng}
            interval={snapshot.context.interval}
            plan={snapshot.context.plan}
            onSelect={(next) => send({ type: 'checkout.selected', interval: next.interval, plan: next.plan })}
            onCheckoutStarted={() => send({ type: 'checkout.started' })}
          />
        </Suspense>
      );
    default:
      content = <LoadingView />;
  }
  return (
    <Page width="narrow">
      <Card>
        {progress ? <Progress current={progress} /> : null}
        {content}
      </Card>
    </Page>
  );
}
