import { createActor, fromCallback, fromPromise, type AnyEventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { appMachine, type FunnelInput } from '../../../machines/app.machine';
import type { AddressFacts, FunnelReport } from '../../../machines/app.types';
import { projectAddress } from '../../../machines/app.url';
import { isAtHref } from '../../../machines/onboarding.url';
import { paths, type PathName } from '../../../core/routes/paths';
import { address } from './app-model';

/** The app chart with a funnel child that records what it is sent, and browser effects recorded. */
function start(arrival: AddressFacts, signOut: () => Promise<void> = () => new Promise<void>(() => undefined)) {
  const funnelReceived: AnyEventObject[] = [];
  const effects: string[] = [];
  const machine = appMachine.provide({
    actors: {
      funnel: fromCallback<AnyEventObject, FunnelInput>(({ receive }) => {
        receive((event) => funnelReceived.push(event));
      }),
      signOut: fromPromise<void>(() => {
        effects.push('signOut');
        return signOut();
      }),
    },
    actions: {
      historyBack: () => void effects.push('history.back'),
      rememberLanguage: ({ context }) => void effects.push(`language:${context.lng}`),
      saveTracking: () => void effects.push('tracking'),
    },
  });
  const actor = createActor(machine, { input: { address: arrival, webAppUrl: 'https://app.example' } }).start();
  const projection = () => projectAddress(actor.getSnapshot());
  return { actor, funnelReceived, effects, projection };
}

const report = (extra: Partial<FunnelReport>): FunnelReport => ({ href: null, replace: true, exit: null, kyc: null, hasRole: false, businessComplete: false, ...extra });

describe('app chart: the address is a projection of its state', () => {
  const pages = (Object.keys(paths) as PathName[]).filter((name) => name !== 'root');
  it.each(pages.flatMap((name) => (['en', 'fr'] as const).map((lng) => [name, lng] as const)))('%s (%s): arriving at its address shows it and projects the same address', (name, lng) => {
    const pathname = paths[name].build(lng);
    const { actor, projection } = start(address(pathname, { detected: lng }));
    expect(actor.getSnapshot().context.page).toBe(name);
    const projected = projection();
    expect(projected.kind).toBe('internal');
    if (projected.kind === 'internal') expect(isAtHref(pathname, '', projected.href)).toBe(true);
  });

  it('redirects replace history: `/` goes to the detected language, an unknown language is swapped, search kept', () => {
    expect(start(address('/', { detected: 'fr', search: 'utm_source=x' })).projection()).toEqual({ kind: 'internal', href: '/fr?utm_source=x', replace: true, funnelStep: false });
    expect(start(address('/de/form', { detected: 'en' })).projection()).toMatchObject({ href: '/en/form', replace: true });
    expect(start(address('/nowhere/at/all')).projection()).toMatchObject({ href: '/en', replace: true });
  });

  it('a visitor arriving signed in on a landing page goes on to onboarding with the tracking values (SPEC §2); the language is remembered', () => {
    const { actor, projection, effects } = start(address('/fr', { signedIn: true, search: 'utm_campaign=again', tracking: { custom_code: 'E2E10' } }));
    expect(actor.getSnapshot().matches({ page: 'funnel' })).toBe(true);
    const projected = projection();
    expect(projected).toMatchObject({ kind: 'internal', replace: true });
    if (projected.kind === 'internal') expect(isAtHref('/fr/onboarding', '?custom_code=E2E10&utm_campaign=again', projected.href)).toBe(true);
    expect(effects).toEqual(['tracking', 'language:fr']);
  });

  it('only the arrival counts: a session created on the page (the sign-up) does not cut the flow short', () => {
    const { actor } = start(address('/en'));
    actor.send({ type: 'session.changed', session: { userId: 'u1', isAnonymous: false } });
    expect(actor.getSnapshot().matches({ page: 'landing', session: 'signedIn' })).toBe(true);
    actor.send({ type: 'signup.completed', origin: 'form', tracking: { utm_source: 'ads' } });
    expect(actor.getSnapshot().matches({ page: 'funnel' })).toBe(true);
    expect(projectAddress(actor.getSnapshot())).toEqual({ kind: 'internal', href: '/en/onboarding?origin=form&utm_source=ads', replace: true, funnelStep: true });
  });

  it('the funnel child gets the session and every funnel address, language included; its address becomes the app address', () => {
    const { actor, funnelReceived, projection } = start(address('/en/onboarding'));
    actor.send({ type: 'session.changed', session: { userId: 'u1', isAnonymous: false } });
    actor.send({ type: 'funnel.changed', report: report({ href: '/en/onboarding/steps/size', replace: true }) });
    expect(projection()).toEqual({ kind: 'internal', href: '/en/onboarding/steps/size', replace: true, funnelStep: true });
    actor.send({ type: 'funnel.changed', report: report({ href: '/en/onboarding/steps/details', replace: false }) });
    expect(projection()).toMatchObject({ href: '/en/onboarding/steps/details', replace: false });
    expect(actor.getSnapshot().context.page).toBe('details');
    // The same step in the other language (the language switch): one event, the language kept.
    actor.send({ type: 'url.changed', ...address('/fr/onboarding/steps/details') });
    expect(actor.getSnapshot().context.lng).toBe('fr');
    expect(funnelReceived).toEqual([
      { type: 'session.changed', session: { userId: 'u1', isAnonymous: false } },
      { type: 'location.changed', route: 'details', search: '', lng: 'fr' },
    ]);
    // Until the funnel has decided, the address is the one the browser is at.
    expect(projection()).toMatchObject({ href: '/fr/onboarding/steps/details' });
  });

  it("the funnel's in-page Back uses the browser's Back when it can, else steps back in place and replaces", () => {
    const { actor, funnelReceived, effects, projection } = start(address('/en/onboarding/steps/crm'));
    actor.send({ type: 'funnel.changed', report: report({ href: '/en/onboarding/steps/crm', replace: true }) });
    actor.send({ type: 'funnel.back', previousIsStep: true });
    expect(effects).toContain('history.back');
    expect(funnelReceived).toEqual([]);
    actor.send({ type: 'funnel.back', previousIsStep: false });
    expect(funnelReceived).toEqual([{ type: 'step.back' }]);
    actor.send({ type: 'funnel.changed', report: report({ href: '/en/onboarding/steps/details', replace: false }) });
    expect(projection()).toMatchObject({ href: '/en/onboarding/steps/details', replace: true });
  });

  it('standing: identity check, role and company answers are states, as the funnel reports them', () => {
    const { actor } = start(address('/en/onboarding'));
    actor.send({ type: 'funnel.changed', report: report({ kyc: 'VALIDATED', businessComplete: true }) });
    expect(actor.getSnapshot().matches({ standing: { kyc: 'validated', role: 'none', business: 'complete' } })).toBe(true);
    actor.send({ type: 'funnel.changed', report: report({ kyc: 'PENDING_REVIEW', exit: 'failure' }) });
    expect(actor.getSnapshot().matches({ page: 'review', standing: { kyc: 'inReview' } })).toBe(true);
    expect(projectAddress(actor.getSnapshot())).toMatchObject({ href: '/en/failure', replace: true });
    actor.send({ type: 'review.validated' });
    expect(projectAddress(actor.getSnapshot())).toMatchObject({ href: '/en/onboarding', replace: true });
  });

  it('leaving the SPA: the payment page is pushed, the web app replaces; signing out goes home replacing', () => {
    const { actor, projection } = start(address('/en/onboarding/checkout-form'));
    actor.send({ type: 'leave', href: 'https://checkout.example/s' });
    expect(projection()).toEqual({ kind: 'external', href: 'https://checkout.example/s', replace: false });
    actor.send({ type: 'url.changed', ...address('/en/onboarding/next-steps') });
    actor.send({ type: 'funnel.changed', report: report({ exit: 'webApp', hasRole: true }) });
    expect(projection()).toEqual({ kind: 'external', href: 'https://app.example', replace: true });
    const account = start(address('/account'));
    // A page without a language in its address switches in place; the chart keeps the choice.
    account.actor.send({ type: 'language.chosen', lng: 'fr' });
    expect(account.actor.getSnapshot().context.lng).toBe('fr');
    expect(account.effects).toContain('language:fr');
    expect(account.projection()).toMatchObject({ href: '/account' });
    account.actor.send({ type: 'signedOut' });
    expect(account.projection()).toMatchObject({ href: '/fr', replace: true });
  });

  describe('signing in to another account instead (verify-phone: the number has its own account)', () => {
    /** A sign-out the test settles when it chooses. */
    function pendingSignOut() {
      let settle: { resolve: () => void; reject: (error: Error) => void } = { resolve: () => undefined, reject: () => undefined };
      const promise = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
      return { run: () => promise, settle };
    }
    const onVerifyPhone = (signOut: () => Promise<void>) => {
      const started = start(address('/en/onboarding/steps/verify-phone', { signedIn: true }), signOut);
      started.actor.send({ type: 'session.changed', session: { userId: 'bob', isAnonymous: false } });
      started.actor.send({ type: 'funnel.changed', report: report({ href: '/en/onboarding/steps/verify-phone', replace: true }) });
      return started;
    };
    const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

    it('signs this session out first (the page and address stay, the funnel is not told), then shows the sign-in page with the number, pushed', async () => {
      const signOut = pendingSignOut();
      const { actor, projection, effects, funnelReceived } = onVerifyPhone(signOut.run);
      const told = funnelReceived.length;
      actor.send({ type: 'signIn.instead', phone: '+33612345678' });
      expect(actor.getSnapshot().matches({ page: 'signingOut' })).toBe(true);
      expect(effects).toContain('signOut');
      expect(projection()).toEqual({ kind: 'stay' });
      expect(actor.getSnapshot().context.page).toBe('verifyPhone');
      // The session ends while the sign-out runs: the funnel (no longer shown) does not hear of it, so
      // it cannot send the page home in between.
      actor.send({ type: 'session.changed', session: null });
      expect(funnelReceived).toHaveLength(told);
      expect(actor.getSnapshot().matches({ page: 'signingOut', session: 'signedOut' })).toBe(true);
      signOut.settle.resolve();
      await flush();
      expect(actor.getSnapshot().matches({ page: 'signIn', session: 'signedOut' })).toBe(true);
      expect(projection()).toEqual({ kind: 'internal', href: '/en/sign-in-otp?phone=%2B33612345678', replace: false, funnelStep: false });
      expect(actor.getSnapshot().context.funnel).toBeNull();
      expect(actor.getSnapshot().context.signInPhone).toBeNull();
    });

    it('a sign-out that fails still ends on the sign-in page with the number (the cookies are cleared either way)', async () => {
      const signOut = pendingSignOut();
      const { actor, projection } = onVerifyPhone(signOut.run);
      actor.send({ type: 'signIn.instead', phone: '+447700900123' });
      signOut.settle.reject(new Error('network down'));
      await flush();
      expect(actor.getSnapshot().matches({ page: 'signIn' })).toBe(true);
      expect(projection()).toMatchObject({ href: '/en/sign-in-otp?phone=%2B447700900123', replace: false });
    });

    it('Back while signing out: the address the browser reached wins, the sign-out still runs', () => {
      const { actor, effects } = onVerifyPhone(pendingSignOut().run);
      actor.send({ type: 'signIn.instead', phone: '+33612345678' });
      actor.send({ type: 'url.changed', ...address('/en/privacy') });
      expect(actor.getSnapshot().matches({ page: 'info' })).toBe(true);
      expect(effects.filter((effect) => effect === 'signOut')).toHaveLength(1);
    });
  });

  describe('a link asks the chart; only the page it decides on enters history (#28.4)', () => {
    const link = (pathname: string, extra: Partial<AddressFacts> = {}) => ({ type: 'url.changed' as const, link: true, ...address(pathname, extra) });

    it('a link to a page shown as asked is a move: pushed', () => {
      const { actor, projection } = start(address('/en'));
      actor.send(link('/en/privacy'));
      expect(projection()).toEqual({ kind: 'internal', href: '/en/privacy', replace: false, funnelStep: false });
      // A link with an unknown language: the page decided on is pushed, the refused address never.
      actor.send(link('/de/terms'));
      expect(projection()).toEqual({ kind: 'internal', href: '/en/terms', replace: false, funnelStep: false });
    });

    it("a signed-in person's link to a landing page: the address stays until the funnel decides, which is pushed", () => {
      const { actor, projection } = start(address('/en/privacy', { signedIn: true }));
      actor.send(link('/en', { signedIn: true }));
      expect(actor.getSnapshot().matches({ page: 'funnel' })).toBe(true);
      expect(projection()).toEqual({ kind: 'stay' });
      actor.send({ type: 'funnel.changed', report: report({ href: null }) });
      expect(projection()).toEqual({ kind: 'stay' });
      // The funnel's loader rules say replace, but nothing of this move is in history yet; the entry
      // before it is the page the link was on, not a step (the in-page Back steps back in place).
      actor.send({ type: 'funnel.changed', report: report({ href: '/en/onboarding/steps/size', replace: true }) });
      expect(projection()).toEqual({ kind: 'internal', href: '/en/onboarding/steps/size', replace: false, funnelStep: false });
      // Later reports are the funnel's own moves again.
      actor.send({ type: 'funnel.changed', report: report({ href: '/en/onboarding/steps/details', replace: true }) });
      expect(projection()).toMatchObject({ href: '/en/onboarding/steps/details', replace: true });
    });

    it('the language link in the funnel: the same step in the other language, pushed once the funnel has it', () => {
      const { actor, projection } = start(address('/en/onboarding/steps/details', { signedIn: true }));
      actor.send({ type: 'funnel.changed', report: report({ href: '/en/onboarding/steps/details', replace: true }) });
      actor.send(link('/fr/onboarding/steps/details', { signedIn: true }));
      expect(projection()).toEqual({ kind: 'stay' });
      actor.send({ type: 'funnel.changed', report: report({ href: '/fr/onboarding/steps/details', replace: true }) });
      expect(projection()).toEqual({ kind: 'internal', href: '/fr/onboarding/steps/details', replace: false, funnelStep: false });
      // The funnel's next step is its own move again: an entry whose Back is the step before.
      actor.send({ type: 'funnel.changed', report: report({ href: '/fr/onboarding/steps/crm', replace: false }) });
      expect(projection()).toEqual({ kind: 'internal', href: '/fr/onboarding/steps/crm', replace: false, funnelStep: true });
    });

    it('inside the funnel, a link to a step it refuses projects the step it keeps (the browser writes nothing new)', () => {
      const { actor, projection, funnelReceived } = start(address('/en/onboarding/steps/details', { signedIn: true }));
      actor.send({ type: 'funnel.changed', report: report({ href: '/en/onboarding/steps/details', replace: true }) });
      actor.send(link('/en/onboarding/steps/crm', { signedIn: true }));
      expect(funnelReceived.at(-1)).toEqual({ type: 'location.changed', route: 'crm', search: '', lng: 'en' });
      expect(projection()).toEqual({ kind: 'stay' });
      actor.send({ type: 'funnel.changed', report: report({ href: '/en/onboarding/steps/details', replace: true }) });
      expect(projection()).toMatchObject({ kind: 'internal', href: '/en/onboarding/steps/details' });
      expect(actor.getSnapshot().context.page).toBe('details');
    });

    it("a signed-out visitor's link into the funnel: the funnel sends them home, pushed from where they were", () => {
      const { actor, projection } = start(address('/en/privacy'));
      actor.send(link('/en/onboarding'));
      expect(projection()).toEqual({ kind: 'stay' });
      actor.send({ type: 'funnel.changed', report: report({ exit: 'home' }) });
      expect(projection()).toEqual({ kind: 'internal', href: '/en', replace: false, funnelStep: false });
    });

    it('the same page through Back (already in history) still replaces', () => {
      const { actor, projection } = start(address('/en/privacy', { signedIn: true }));
      actor.send({ type: 'url.changed', ...address('/en', { signedIn: true }) });
      expect(projection()).toMatchObject({ href: '/en/onboarding', replace: true });
    });
  });
});
