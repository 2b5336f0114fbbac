import type { SocialProvider } from '../../../platform/social/providers';

/** A user identity as supabase-js gives it (`user.identities`, GoTrue's shape). */
export interface Identity {
  id: string;
  identity_id: string;
  user_id: string;
  provider: string;
  identity_data?: Record<string, unknown> | undefined;
  created_at?: string | undefined;
  last_sign_in_at?: string | undefined;
  updated_at?: string | undefined;
}

export interface WayIn {
  identity: Identity;
  kind: 'phone' | 'email' | 'provider';
  /** The provider's name as a person reads it ("Google", "Microsoft", a custom provider's name). */
  label: string;
  /** The phone number, the email address, or the provider account's email. */
  detail: string | null;
}

const claim = (identity: Identity, key: string): string | null => {
  const value = identity.identity_data?.[key];
  return typeof value === 'string' && value.length > 0 ? value : null;
};

/** A provider's name for a person: the enabled providers' labels, Microsoft for azure, else the name itself. */
export function providerLabel(provider: string, providers: readonly SocialProvider[]): string {
  const known = providers.find((candidate) => candidate.id === provider);
  if (known) return known.label;
  if (provider === 'azure') return 'Microsoft';
  const name = provider.startsWith('custom:') ? provider.slice('custom:'.length) : provider;
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/**
 * The account's ways in, in a fixed order: the phone, the email, then each provider in the order it
 * was linked. Each with what a person recognises it by (the number, the address, the provider
 * account's email).
 */
export function waysIn(identities: readonly Identity[], providers: readonly SocialProvider[], account: { phone: string | null; email: string | null }): WayIn[] {
  const rank = (identity: Identity) => (identity.provider === 'phone' ? 0 : identity.provider === 'email' ? 1 : 2);
  return [...identities]
    .sort((a, b) => rank(a) - rank(b) || (a.created_at ?? '').localeCompare(b.created_at ?? ''))
    .map((identity): WayIn => {
      if (identity.provider === 'phone') return { identity, kind: 'phone', label: 'phone', detail: account.phone ?? claim(identity, 'phone') };
      if (identity.provider === 'email') return { identity, kind: 'email', label: 'email', detail: account.email ?? claim(identity, 'email') };
      return { identity, kind: 'provider', label: providerLabel(identity.provider, providers), detail: claim(identity, 'email') };
    });
}

/** The enabled providers this account has not linked yet (one identity per provider here). */
export function linkableProviders(providers: readonly SocialProvider[], identities: readonly Identity[]): SocialProvider[] {
  return providers.filter((provider) => !identities.some((identity) => identity.provider === provider.id));
}

/** GoTrue's answers to linking and unlinking that have their own sentence (locales social.json `waysIn.errors`). */
const knownCodes = new Set(['single_identity_not_deletable', 'identity_not_found', 'identity_already_exists', 'email_exists', 'manual_linking_disabled']);

export function linkErrorKey(code: string | null | undefined): string {
  return code && knownCodes.has(code) ? code : 'other';
}
