import { describe, expect, it } from 'vitest';
import { canHydrate, type PrerenderedState, type VisitorFacts } from '../../../src/app/prerendered';

const prerendered: PrerenderedState = { page: 'home', lng: 'fr', country: 'FR', texts: { common: {}, landing: {} } };
const visitor: VisitorFacts = { page: 'home', lng: 'fr', search: '', country: 'FR', pendingCodeStep: false, holdsSession: false, authCallback: false };

describe('canHydrate', () => {
  it('adopts the markup when the first render is the one prerendered', () => {
    expect(canHydrate(prerendered, visitor)).toBe(true);
    const signIn: PrerenderedState = { page: 'signInOtp', lng: 'en', country: 'US', texts: { common: {}, auth: {} } };
    expect(canHydrate(signIn, { ...visitor, page: 'signInOtp', lng: 'en', country: 'US' })).toBe(true);
  });

  it('draws afresh when anything the first render shows differs', () => {
    expect(canHydrate(prerendered, { ...visitor, page: 'onboarding' })).toBe(false);
    expect(canHydrate(prerendered, { ...visitor, lng: 'en' })).toBe(false);
    expect(canHydrate(prerendered, { ...visitor, country: 'CA' })).toBe(false);
    expect(canHydrate(prerendered, { ...visitor, search: 'utm_source=x' })).toBe(false);
    expect(canHydrate(prerendered, { ...visitor, pendingCodeStep: true })).toBe(false);
    // The markup was drawn for a visitor holding no session: the header and the paywall differ for one who does.
    expect(canHydrate(prerendered, { ...visitor, holdsSession: true })).toBe(false);
    // Back from an emailed sign-in link (a hash, no query): the session is being taken from the address.
    expect(canHydrate(prerendered, { ...visitor, authCallback: true })).toBe(false);
  });

  it('never adopts the paywall frame: drawn before any session is known, no visitor stays on it as drawn', () => {
    const paywall: PrerenderedState = { page: 'checkoutForm', lng: 'fr', country: 'FR', texts: { common: {}, checkout: {} } };
    expect(canHydrate(paywall, { ...visitor, page: 'checkoutForm' })).toBe(false);
    expect(canHydrate(paywall, { ...visitor, page: 'checkoutForm', holdsSession: true })).toBe(false);
  });
});
