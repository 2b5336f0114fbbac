import type { AnyEventObject } from 'xstate';
import type { FunnelInput } from '../../../machines/app.machine';
import type { FunnelReport } from '../../../machines/app.types';
import { projectUrl, topState } from '../../../machines/onboarding.url';
import { isBusinessComplete } from '../../../core/contracts/onboarding';
import { logEvent } from '../../platform/analytics/analytics';
import { analyticsEvents } from '../../platform/analytics/events';
import { ensureFunnel, type FunnelActor } from './funnel-actor';
import { connectHeldFunnel } from './funnel-store';

const exits: Record<string, FunnelReport['exit']> = { home: 'home', failure: 'failure', webApp: 'webApp' };

/** What the app chart keeps of a funnel snapshot: its address, where it ended, the person's standing. */
export function funnelReport(snapshot: ReturnType<FunnelActor['getSnapshot']>): FunnelReport {
  const projection = projectUrl(snapshot);
  const { user, business } = snapshot.context;
  return {
    href: projection.kind === 'internal' ? projection.href : null,
    replace: projection.kind === 'internal' ? projection.replace : true,
    exit: exits[topState(snapshot.value)] ?? null,
    kyc: user?.kyc_status ?? null,
    hasRole: Boolean(user?.role),
    businessComplete: isBusinessComplete(business),
  };
}

/**
 * Connects the app chart's `funnel` child to the tab's funnel actor (./funnel-actor): a funnel still
 * running from earlier in this tab is picked up again at the address the app chart entered with.
 */
export function connectFunnel(input: FunnelInput, report: (event: AnyEventObject) => void): { send: (event: AnyEventObject) => void; stop: () => void } {
  const { actor, created } = ensureFunnel({
    lng: input.lng,
    location: { route: input.route, search: input.search },
    session: input.session,
    webAppUrl: input.webAppUrl,
  });
  const disconnect = connectHeldFunnel();
  if (!created) {
    actor.send({ type: 'location.changed', route: input.route, search: input.search, lng: input.lng });
    if (input.session !== undefined) actor.send({ type: 'session.changed', session: input.session });
  }
  const send = (snapshot: ReturnType<FunnelActor['getSnapshot']>) => report({ type: 'funnel.changed', report: funnelReport(snapshot) });
  const subscription = actor.subscribe(send);
  const viewed = actor.on('step.viewed', (event) => logEvent(analyticsEvents.onboardingStepViewed, { step: event.step }));
  const skipped = actor.on('step.skipped', (event) => logEvent(analyticsEvents.onboardingStepSkipped, { step: event.step, reason: event.reason }));
  send(actor.getSnapshot());
  return {
    send: (event) => actor.send(event as Parameters<FunnelActor['send']>[0]),
    stop: () => {
      disconnect();
      subscription.unsubscribe();
      viewed.unsubscribe();
      skipped.unsubscribe();
    },
  };
}
