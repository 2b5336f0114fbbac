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
import type { OnboardingSnapshot } from './step-props';

const CheckoutFormPage = lazy(() => import('../checkout/CheckoutFormPage'));

const progressOf: Partial<Record<string, ProgressStep>> = {
  verifyPhone: 'verifyPhone',
  size: 'size',
  details: 'details',
  crm: 'crm',
  checkoutForm: 'checkout',
  payment: 'checkout',
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

  // State → address: the projection, pushed or replaced as the chart says.
  useEffect(() => {
    const apply = (current: OnboardingSnapshot) => {
      const projection = projectUrl(current);
      if (projection.kind === 'external') window.location.replace(projection.href);
      else if (projection.kind === 'internal' && !isAtHref(window.location.pathname, window.location.search, projection.href)) {
        ownNavigations.current.push(projection.href);
        navigate(projection.href, { replace: projection.replace });
      }
    };
    apply(actor.getSnapshot());
    const subscription = actor.subscribe(apply);
    const viewed = actor.on('step.viewed', (event) => logEvent(analyticsEvents.onboardingStepViewed, { step: event.step }));
    return () => {
      subscription.unsubscribe();
      viewed.unsubscribe();
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
  const send = actor.send;
  const progress = progressOf[top];
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
      content = <SuccessView />;
      break;
    case 'checkoutForm':
    case 'payment':
      return (
        <Suspense fallback={<LoadingView />}>
          <CheckoutFormPage
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
