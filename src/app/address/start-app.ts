import { createActor, fromCallback, fromPromise, type AnyEventObject } from 'xstate';
import { navigate } from 'wouter/use-browser-location';
import { appMachine, type FunnelInput } from '../../../machines/app.machine';
import type { SessionFacts } from '../../../machines/app.types';
import { projectAddress, type AddressProjection } from '../../../machines/app.url';
import { isAtHref } from '../../../machines/onboarding.url';
import { currentAddress, holdAppActor, isFunnelEntry, runningAppActor, type AppActor } from '../../platform/app-actor';
import { publishInspection } from '../../platform/live-state/live-state';
import { switchLanguage } from '../../platform/i18n';
import { storeLanguage } from '../../../core/routes/languages';
import { saveTrackingParams } from '../../../core/routes/tracking-params';
import { nextTask } from '../../lib/next-task';

/**
 * The funnel's chart, loaded with its page: events the app chart sends it are held until it has
 * loaded; its address and the person's standing come back as `funnel.changed`. The composition root
 * is the one place that knows the funnel is a feature (src/platform only holds the started actor).
 */
const funnel = fromCallback<AnyEventObject, FunnelInput>(({ input, sendBack, receive }) => {
  let stopped = false;
  let stop = () => undefined as void;
  let deliver: ((event: AnyEventObject) => void) | null = null;
  const held: AnyEventObject[] = [];
  receive((event) => (deliver ? deliver(event) : held.push(event)));
  // Asked for in a task of its own: the import appends a preload link per chunk of the funnel, and
  // in the task that starts the app chart that made the paywall's longest start-up task longer (#40.2).
  // Connected in the task after: the import's evaluation (the funnel's chart, the API's client and
  // schemas) and the connection's first reads were one long task (#40.2).
  void nextTask()
    .then(() => import('../../features/onboarding/funnel-bridge'))
    .then(async ({ connectFunnel }) => {
      await nextTask();
      if (stopped) return;
      const connection = connectFunnel(input, sendBack);
      deliver = connection.send;
      stop = connection.stop;
      held.splice(0).forEach(connection.send);
    });
  return () => {
    stopped = true;
    stop();
  };
});

/** This session's sign-out, loaded when asked for (the session's code is not in the entry chunk). */
const signOut = fromPromise<void>(async () => {
  const { signOut: endSession } = await import('../../platform/session/sign-out');
  await endSession();
});

const browserMachine = appMachine.provide({
  actors: { funnel, signOut },
  actions: {
    historyBack: () => window.history.back(),
    rememberLanguage: ({ context }) => {
      storeLanguage(context.lng);
      void switchLanguage(context.lng);
    },
    saveTracking: ({ context, event }) => saveTrackingParams(event.type === 'url.changed' ? event.search : (context.arrived?.search ?? '')),
  },
});

/** The projection last written, so a state change that projects the same address writes nothing. */
let written = '';

/** What the browser shows now, keyed as a written projection is. */
const browserAddressKey = () => `internal:${window.location.pathname}${window.location.search}`;

function write(projection: AddressProjection): void {
  const key = projection.kind === 'stay' ? written : `${projection.kind}:${projection.href}`;
  if (key === written) return;
  written = key;
  if (projection.kind === 'external') {
    if (projection.replace) window.location.replace(projection.href);
    else window.location.assign(projection.href);
    return;
  }
  if (projection.kind !== 'internal' || isAtHref(window.location.pathname, window.location.search, projection.href)) return;
  // Entries the funnel pushes are marked, so its in-page Back knows the one before is a step.
  const state = projection.funnelStep ? { funnelStep: projection.replace ? isFunnelEntry(window.history.state) : true } : null;
  navigate(projection.href, { replace: projection.replace, state });
}

/** Every address the browser reaches by itself (back, forward, a page shown again from its cache). */
function listenToBrowser(started: AppActor): void {
  const arrived = () => {
    // What the browser shows now is written, whatever was written before.
    written = browserAddressKey();
    started.send({ type: 'url.changed', ...currentAddress() });
  };
  window.addEventListener('popstate', arrived);
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) arrived();
  });
}

/** The session as the app chart sees it: who, and whether anonymous; a token refresh is no change. */
function followSession(started: AppActor): void {
  void import('../../platform/session/session').then(({ startSessionActor }) => {
    const session = startSessionActor();
    let key = '';
    const report = () => {
      const snapshot = session.getSnapshot();
      let facts: SessionFacts | null | undefined;
      // Signed in by a first factor only: not yet the person for the app (the API refuses their
      // token), so nothing is decided on it; the facts come once the second step is done.
      if (snapshot.matches({ signedIn: 'secondStepDue' })) return;
      if (snapshot.matches('signedIn')) {
        const user = snapshot.context.session?.user;
        facts = user ? { userId: user.id, isAnonymous: Boolean(user.is_anonymous) } : null;
      } else if (snapshot.matches('signedOut')) facts = null;
      if (facts === undefined) return;
      const next = facts ? `${facts.userId}:${facts.isAnonymous}` : 'none';
      if (next === key) return;
      key = next;
      started.send({ type: 'session.changed', session: facts });
    };
    session.subscribe(report);
    report();
  });
}

/**
 * Starts the application chart for this tab (once, at boot): the page comes from its state and the
 * address is written from its projection; links (through the router, ./app-location.ts),
 * back/forward and the session come in as events. Features reach the started actor through
 * src/platform/app-actor.ts.
 *
 * `followSession: false` is the build's prerender: it draws the first frame of a visit whose session
 * is not known yet (the paywall's frame, drawn over once it is), so it never asks who is signed in.
 */
export function startApp(webAppUrl: string, options: { followSession?: boolean } = {}): AppActor {
  const running = runningAppActor();
  if (running) return running;
  const address = currentAddress();
  written = browserAddressKey();
  const started: AppActor = createActor(browserMachine, { input: { address, webAppUrl }, inspect: publishInspection('app') });
  holdAppActor(started);
  started.subscribe((snapshot) => write(projectAddress(snapshot)));
  started.start();
  write(projectAddress(started.getSnapshot()));
  listenToBrowser(started);
  if (options.followSession !== false) followSession(started);
  return started;
}
