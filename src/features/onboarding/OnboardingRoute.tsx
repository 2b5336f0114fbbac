import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { publicConfig } from '../../app/public-config';
import { useLanguage } from '../../app/use-language';
import { Card } from '../../ui/Card';
import { Page } from '../../ui/Page';
import type { SessionInfo } from '../../../machines/onboarding.types';
import { isAtHref, locationToEvent, matchOnboardingPath, projectUrl, topState } from '../../../machines/onboarding.url';
import { logEvent } from '../analytics/analytics';
import { analyticsEvents } from '../analytics/events';
import { useSession } from '../auth/session';
import { funnelActor } from './funnel-actor';
import { Progress, type ProgressStep } from './Progress';
import { CrmStep } from './steps/CrmStep';
import { DetailsStep } from './steps/DetailsStep';
import { SizeStep } from './steps/SizeStep';
import { IdentityCheckView, LoadingView, NextStepsView, SuccessView } from './steps/StatusViews';
import { VerifyPhoneStep } from './steps/VerifyPhoneStep';
import type { OnboardingSnapshot, StepProps } from './step-props';
import { phoneCountry } from '../../lib/format-phone';

interface FunnelHistoryState {
  funnelStep: boolean;
}

function isFunnelEntry(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as Partial<FunnelHistoryState>).funnelStep === true;
}

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
 * Every /{lng}/onboarding/* address lands here. The funnel chart decides what to show; the address
 * is its projection (machines/onboarding.url.ts). The browser's own navigation (typed address, back,
 * forward) is sent to the chart as `location.changed`; nothing else writes the route.
 */
export default function OnboardingRoute() {
  // Loads the namespace before any step renders (Suspense), so steps never flash raw keys.
  useTranslation('onboarding');
  const lng = useLanguage();
  const [location, navigate] = useLocation();
  const search = useSearch();
  const { status, session } = useSession();
  const sessionInfo: SessionInfo | null | undefined = useMemo(
    () => (status === 'loading' ? undefined : session ? { userId: session.user.id, isAnonymous: Boolean(session.user.is_anonymous) } : null),
    [status, session],
  );

  const [actor] = useState(() =>
    funnelActor({
      lng,
      location: { route: matchOnboardingPath(location)?.route ?? 'onboarding', search },
      session: sessionInfo,
      webAppUrl: publicConfig().webAppUrl,
    }),
  );
  const snapshot = useSelector(actor, (current) => current);

  // The auth client's session, as events (the chart waits for the first answer).
  const sessionKey = sessionInfo === undefined ? 'unknown' : sessionInfo === null ? 'none' : `${sessionInfo.userId}:${sessionInfo.isAnonymous}`;
  useEffect(() => {
    if (sessionInfo !== undefined) actor.send({ type: 'session.changed', session: sessionInfo });
    // sessionKey stands for sessionInfo: a token refresh alone is not a session change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actor, sessionKey]);

  // Addresses this component navigated to that the router has not reported back yet: when they
  // arrive they are the chart's own echo, not the user's navigation (the chart may have moved on).
  const ownNavigations = useRef<string[]>([]);
  // Set by the in-page Back when it cannot step back through history: its move replaces the entry.
  const replaceNext = useRef(false);

  // State → address: the projection, pushed or replaced as the chart says.
  useEffect(() => {
    const apply = (current: OnboardingSnapshot) => {
      const projection = projectUrl(current);
      if (projection.kind === 'external') window.location.replace(projection.href);
      else if (projection.kind === 'internal' && !isAtHref(window.location.pathname, window.location.search, projection.href)) {
        ownNavigations.current.push(projection.href);
        const replace = projection.replace || replaceNext.current;
        replaceNext.current = false;
        // Entries the funnel pushes are marked, so the in-page Back knows the one before is a step.
        const state: FunnelHistoryState = { funnelStep: replace ? isFunnelEntry(window.history.state) : true };
        navigate(projection.href, { replace, state });
      }
    };
    apply(actor.getSnapshot());
    const subscription = actor.subscribe(apply);
    const viewed = actor.on('step.viewed', (event) => logEvent(analyticsEvents.onboardingStepViewed, { step: event.step }));
    const skipped = actor.on('step.skipped', (event) => logEvent(analyticsEvents.onboardingStepSkipped, { step: event.step, reason: event.reason }));
    return () => {
      subscription.unsubscribe();
      viewed.unsubscribe();
      skipped.unsubscribe();
    };
  }, [actor, navigate]);

  // Address → event: anything the chart did not put there itself (typed, back, forward, links).
  // The address the chart was started with is already its input; a first render that suspends
  // (translations, page chunks) runs this effect late, when the chart may have moved on.
  const lastSeen = useRef(`${location}?${search}`);
  useEffect(() => {
    if (lastSeen.current === `${location}?${search}`) return;
    lastSeen.current = `${location}?${search}`;
    const echo = ownNavigations.current.findIndex((href) => isAtHref(location, search, href));
    if (echo >= 0) {
      ownNavigations.current.splice(0, echo + 1);
      return;
    }
    const projection = projectUrl(actor.getSnapshot());
    if (projection.kind === 'internal' && isAtHref(location, search, projection.href)) return;
    const event = locationToEvent(location, search);
    if (event) actor.send(event);
  }, [actor, location, search]);

  const top = topState(snapshot.value);
  const progress = progressOf[top];

  /**
   * The in-page Back is the browser's Back when the entry before is the previous step (so it adds
   * no history entry and Forward still works); otherwise the chart steps back in place.
   */
  const send: StepProps['send'] = (event) => {
    if (event.type === 'step.back') {
      if (isFunnelEntry(window.history.state)) {
        window.history.back();
        return;
      }
      replaceNext.current = true;
    }
    actor.send(event);
  };

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
