import { describe, expect, it } from 'vitest';
import { callbackErrorKey } from '../../../src/platform/social/callback-errors';
import { signupFromClaims } from '../../../src/platform/social/claims';
import { providerStart, rememberProviderStart, takeProviderUnderWay } from '../../../src/platform/social/provider-start';
import { readSocialSettings } from '../../../src/platform/social/providers';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('the enabled providers, read from GET /auth/v1/settings', () => {
  it('keeps only providers set to true, built-in ones first in a fixed order, then custom ones by name', () => {
    const settings = readSocialSettings({
      external: { email: true, phone: true, apple: true, azure: false, google: true, github: true, 'custom:zeta': true, 'custom:acme': true, 'custom:off': false },
      external_labels: { 'custom:acme': 'Acme SSO' },
    });
    expect(settings.providers).toEqual([
      { id: 'google', kind: 'google', label: 'Google' },
      { id: 'apple', kind: 'apple', label: 'Apple' },
      { id: 'custom:acme', kind: 'custom', label: 'Acme SSO' },
      { id: 'custom:zeta', kind: 'custom', label: 'Zeta' },
    ]);
    expect(settings.manualLinking).toBe(false);
  });

  it('names Microsoft by its own name, not GoTrue’s azure, and a custom provider without a label from its name', () => {
    const { providers } = readSocialSettings({ external: { azure: true, 'custom:ringwise-dev': true } });
    expect(providers.map((provider) => provider.label)).toEqual(['Microsoft', 'Ringwise Dev']);
  });

  it('shows nothing for an answer of another shape, and refuses odd custom names and labels', () => {
    for (const body of [null, 'x', [], { external: null }, { external: [] }, { external: 'google' }]) expect(readSocialSettings(body).providers).toEqual([]);
    const { providers } = readSocialSettings({
      external: { 'custom:Bad Name': true, 'custom:<script>': true, 'custom:ok': 'true', 'custom:fine': true },
      external_labels: { 'custom:fine': 'x'.repeat(61) },
    });
    expect(providers).toEqual([{ id: 'custom:fine', kind: 'custom', label: 'Fine' }]);
  });

  it('reads the manual-linking switch only when it is exactly true', () => {
    expect(readSocialSettings({ external: {}, manual_linking_enabled: true }).manualLinking).toBe(true);
    expect(readSocialSettings({ external: {}, manual_linking_enabled: 'true' }).manualLinking).toBe(false);
  });
});

describe('the sign-up a provider’s claims carry', () => {
  const google = { app_metadata: { provider: 'google' }, identities: [{ provider: 'google' }] };

  it('takes the account’s email and the given and family names', () => {
    expect(signupFromClaims({ ...google, email: 'ada@acme.test', user_metadata: { given_name: 'Ada', family_name: 'Lovelace', full_name: 'X Y' } }, 'start', { utm_source: 'news' })).toEqual({
      email: 'ada@acme.test',
      firstName: 'Ada',
      lastName: 'Lovelace',
      landingPage: 'start',
      tracking: { utm_source: 'news' },
    });
  });

  it('splits the full name when no given name is claimed, and falls back to the claimed email', () => {
    expect(signupFromClaims({ ...google, user_metadata: { full_name: '  Grace  Brewster Hopper ', email: 'grace@navy.test' } }, 'email-form', {})).toEqual({
      email: 'grace@navy.test',
      firstName: 'Grace',
      lastName: 'Brewster Hopper',
      landingPage: 'email-form',
    });
  });

  it('is null for a code sign-in, and for claims without an email', () => {
    expect(signupFromClaims({ email: 'a@b.test', app_metadata: { provider: 'phone' }, identities: [{ provider: 'phone' }, { provider: 'email' }] }, 'start', {})).toBeNull();
    expect(signupFromClaims({ ...google, user_metadata: { name: 'No Mail' } }, 'start', {})).toBeNull();
  });

  it('counts a custom OpenID Connect provider as a provider, and drops names too long for the form', () => {
    const signup = signupFromClaims({ app_metadata: { provider: 'custom:acme' }, email: 'x@acme.test', user_metadata: { given_name: 'y'.repeat(101), name: 'Short Name' } }, 'start', {});
    expect(signup).toEqual({ email: 'x@acme.test', firstName: 'Short', lastName: 'Name', landingPage: 'start' });
  });
});

describe('the trip to the provider, remembered in this tab', () => {
  it('keeps the landing page for the sign-up and the provider’s name once for an error', () => {
    const storage = memoryStorage();
    rememberProviderStart({ label: 'Google', landingPage: 'email-form' }, storage);
    expect(providerStart(storage)).toBe('email-form');
    expect(takeProviderUnderWay(storage)).toBe('Google');
    expect(takeProviderUnderWay(storage)).toBeNull();
    rememberProviderStart({ label: 'Apple', landingPage: null }, storage);
    expect(providerStart(storage)).toBe('start');
  });

  it('reads a tampered landing page as the start page', () => {
    const storage = memoryStorage();
    storage.setItem('ringwise.social.landingPage', 'demo');
    expect(providerStart(storage)).toBe('start');
  });
});

describe('what a callback’s error means', () => {
  it('reads supabase-js’s own address checks and the auth service’s codes', () => {
    expect(callbackErrorKey({ message: 'Not a valid PKCE flow url.', code: null })).toBe('incomplete');
    expect(callbackErrorKey({ message: 'No code detected.', code: null })).toBe('incomplete');
    expect(callbackErrorKey({ message: 'whatever', code: 'flow_state_expired' })).toBe('expired');
    expect(callbackErrorKey({ message: 'whatever', code: 'flow_state_already_used' })).toBe('used');
    expect(callbackErrorKey({ message: 'whatever', code: 'bad_code_verifier' })).toBe('otherBrowser');
    expect(callbackErrorKey({ message: 'whatever', code: 'provider_email_needs_verification' })).toBe('emailUnverified');
    expect(callbackErrorKey({ message: 'The user denied access', code: 'unspecified_code' })).toBe('other');
  });
});
