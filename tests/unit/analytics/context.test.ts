import { describe, expect, it, vi } from 'vitest';
import { classifyLanding, eventContext, isPageViewExcluded, landingStorageKey, rememberLanding } from '../../../src/platform/analytics/context';
import { createPageViewTracker } from '../../../src/platform/analytics/page-views';

function storages() {
  const local = new Map<string, string>();
  const session = new Map<string, string>();
  const wrap = (map: Map<string, string>) => ({ getItem: (key: string) => map.get(key) ?? null, setItem: (key: string, value: string) => void map.set(key, value) });
  return { local, session, storages: { local: wrap(local), session: wrap(session) } };
}

describe('visit context', () => {
  it('classifies landing pages by route', () => {
    expect(classifyLanding('/en')).toBe('start');
    expect(classifyLanding('/fr/')).toBe('start');
    expect(classifyLanding('/en/form')).toBe('form');
    expect(classifyLanding('/fr/demo')).toBe('demo');
    expect(classifyLanding('/en/email-form')).toBe('email-form');
    expect(classifyLanding('/en/sign-in-otp')).toBe('sign-in-otp');
    expect(classifyLanding('/voice-generator')).toBe('voice-generator');
    expect(classifyLanding('/en/onboarding/steps/size')).toBe('other');
    expect(classifyLanding('/account')).toBe('other');
  });

  it('excludes any path containing voice-generator from page views', () => {
    expect(isPageViewExcluded('/voice-generator')).toBe(true);
    expect(isPageViewExcluded('/fr/voice-generator')).toBe(true);
    expect(isPageViewExcluded('/en/demo')).toBe(false);
  });

  it('keeps the first page of each visit as its landing page; funnel pages never overwrite it', () => {
    const first = storages();
    expect(rememberLanding('/fr/demo', first.storages)).toBe('demo');
    expect(rememberLanding('/fr/form', first.storages)).toBe('demo');
    expect(first.local.get(landingStorageKey)).toBe('demo');
    // A new visit (new tab session) that starts inside the funnel keeps the known landing page…
    first.session.clear();
    expect(rememberLanding('/fr/onboarding/steps/size', first.storages)).toBe('demo');
    // …and a new visit from another landing page replaces it.
    first.session.clear();
    expect(rememberLanding('/en/email-form', first.storages)).toBe('email-form');
  });

  it('adds language, landing page, custom_code and utm values', () => {
    const { local, storages: both } = storages();
    local.set(landingStorageKey, 'form');
    local.set('utm_source', 'google');
    local.set('utm_campaign', 'spring');
    local.set('allo_checkout_custom_code', 'PARTNER10');
    expect(eventContext('/en/onboarding/steps/crm', both)).toEqual({
      lng: 'en',
      landing: 'form',
      utm_source: 'google',
      utm_campaign: 'spring',
      custom_code: 'PARTNER10',
    });
  });
});

describe('page view tracker', () => {
  it('logs one page view per page shown, none for a repeat of the same path or the greeting generator', () => {
    const log = vi.fn();
    const tracker = createPageViewTracker({ log });
    tracker.routeChanged('/en');
    tracker.routeChanged('/en');
    tracker.routeChanged('/voice-generator');
    tracker.routeChanged('/en/demo');
    tracker.routeChanged('/en/form');
    expect(log.mock.calls).toEqual([['/en'], ['/en/demo'], ['/en/form']]);
  });
});
