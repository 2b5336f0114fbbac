import type { LandingPage, SignupCompleteRequest } from '../../../core/contracts/signup-forms';

/** The part of a supabase-js user the provider's claims live in (GoTrue copies them into user_metadata). */
export interface ClaimsUser {
  email?: string | undefined;
  app_metadata?: Record<string, unknown> | undefined;
  user_metadata?: Record<string, unknown> | undefined;
  identities?: { provider: string }[] | undefined;
}

/** The ways in that are not a provider: a code to a phone or an email, or an anonymous session. */
const CODE_PROVIDERS = new Set(['phone', 'email', 'anonymous']);

/** Whether this provider name is a social or OpenID Connect one (`google`, `azure`, `custom:acme`). */
export const isSocialProvider = (provider: unknown): provider is string => typeof provider === 'string' && provider.length > 0 && !CODE_PROVIDERS.has(provider);

/** A claim as text the sign-up accepts (trimmed, 1–max characters, no control characters), or null. */
function text(value: unknown, max: number): string | null {
  if (typeof value !== 'string') return null;
  // eslint-disable-next-line no-control-regex -- a provider's claim is outside input
  const clean = value.replace(/[\u0000-\u001f\u007f]/g, ' ').trim();
  return clean.length > 0 && clean.length <= max ? clean : null;
}

/** Given and family names from the claims, or the full name split at its first space. */
function namesOf(metadata: Record<string, unknown>): { firstName?: string; lastName?: string } {
  const given = text(metadata.given_name, 100);
  const family = text(metadata.family_name, 100);
  if (given) return { firstName: given, ...(family ? { lastName: family } : {}) };
  const full = text(metadata.full_name, 201) ?? text(metadata.name, 201);
  if (!full) return {};
  const [first = '', ...rest] = full.split(/\s+/);
  const last = rest.join(' ');
  return { ...(text(first, 100) ? { firstName: first } : {}), ...(text(last, 100) ? { lastName: last } : {}) };
}

/**
 * The sign-up form's answers a provider's claims give (#35): the account's email (the provider's
 * verified one, which the auth service took) or else the claimed one, the given and family
 * names (or the full name split), and the landing page the button was on. Null for a person who
 * came in by a code, and for claims without an email (the sign-up needs one).
 */
export function signupFromClaims(user: ClaimsUser, landingPage: LandingPage, tracking: Record<string, string>): SignupCompleteRequest | null {
  const social = isSocialProvider(user.app_metadata?.provider) || (user.identities ?? []).some((identity) => isSocialProvider(identity.provider));
  if (!social) return null;
  const metadata = user.user_metadata ?? {};
  const email = text(user.email, 254) ?? text(metadata.email, 254);
  if (!email || !email.includes('@')) return null;
  return { email, ...namesOf(metadata), landingPage, ...(Object.keys(tracking).length > 0 ? { tracking } : {}) };
}
