import { describe, expect, it } from 'vitest';
import { decideRoute } from '../../../core/routes/route-matching';

const detectFr = () => 'fr' as const;

describe('route decisions (SPEC §2)', () => {
  it('sends / to the detected language', () => {
    expect(decideRoute('/', detectFr)).toEqual({ kind: 'redirect', to: '/fr' });
  });

  it('shows language pages and fixed pages', () => {
    expect(decideRoute('/en')).toEqual({ kind: 'page', name: 'home', lng: 'en' });
    expect(decideRoute('/fr/email-form')).toEqual({ kind: 'page', name: 'emailForm', lng: 'fr' });
    expect(decideRoute('/en/onboarding/steps/crm')).toEqual({ kind: 'page', name: 'crm', lng: 'en' });
    expect(decideRoute('/success')).toEqual({ kind: 'page', name: 'success' });
    expect(decideRoute('/voice-generator')).toEqual({ kind: 'page', name: 'voiceGenerator' });
    expect(decideRoute('/app-download/macos')).toEqual({ kind: 'page', name: 'appDownloadMacos' });
  });

  it('swaps an unknown language for the detected one and stores it', () => {
    expect(decideRoute('/de', detectFr)).toEqual({ kind: 'redirect', to: '/fr', storeLanguage: 'fr' });
    expect(decideRoute('/xx/sign-in-otp', detectFr)).toEqual({ kind: 'redirect', to: '/fr/sign-in-otp', storeLanguage: 'fr' });
  });

  it('sends unknown routes to /', () => {
    expect(decideRoute('/xx/anything', detectFr)).toEqual({ kind: 'redirect', to: '/' });
    expect(decideRoute('/en/nope')).toEqual({ kind: 'redirect', to: '/' });
    expect(decideRoute('/a/b/c')).toEqual({ kind: 'redirect', to: '/' });
  });
});
