import { z } from 'zod';
import { isEmailAddress } from '../../../core/email/email-address';
import type { ProviderKind } from './config';

/** What the linking decision needs from a provider's claims, read once here. */
export interface SocialProfile {
  /** The provider's subject: the identity's provider_id. */
  subject: string;
  /** Lower-cased; null when the provider gave none or gave something that is not an address. */
  email: string | null;
  /** Whether the provider vouches that the person controls `email` (never assumed). */
  emailVerified: boolean;
  /** GoTrue's identity_data: the claims it keeps, and what goes into user_metadata. */
  identityData: Record<string, unknown>;
}

/** The claims read from a provider; anything else it sends is dropped. Hostile until proven otherwise. */
const claimsSchema = z.object({
  iss: z.string().max(512),
  sub: z.string().min(1).max(255),
  email: z.string().max(320).optional().catch(undefined),
  email_verified: z.union([z.boolean(), z.string()]).optional().catch(undefined),
  // Microsoft's "email domain owner verified": the only sign its email was checked.
  xms_edov: z.union([z.boolean(), z.string(), z.number()]).optional().catch(undefined),
  name: z.string().max(200).optional().catch(undefined),
  given_name: z.string().max(100).optional().catch(undefined),
  family_name: z.string().max(100).optional().catch(undefined),
  picture: z.url().max(1024).optional().catch(undefined),
  locale: z.string().max(35).optional().catch(undefined),
  // Apple sends the name once, in the form_post's `user` field (not in the ID token, not verified).
  apple_name: z.object({ firstName: z.string().max(100).optional(), lastName: z.string().max(100).optional() }).optional().catch(undefined),
});

const truthy = (value: unknown) => value === true || value === 'true' || value === 1 || value === '1';

/** Whether the provider says it verified the email (Google, Apple and OIDC: email_verified; Microsoft: xms_edov). */
function verifiedBy(kind: ProviderKind, claims: z.infer<typeof claimsSchema>): boolean {
  if (kind === 'azure') return truthy(claims.xms_edov);
  return truthy(claims.email_verified);
}

/** The claims as the product keeps them: GoTrue's identity_data names (full_name, avatar_url…). */
export function profileOf(kind: ProviderKind, raw: Record<string, unknown>): SocialProfile {
  const claims = claimsSchema.parse(raw);
  const email = claims.email && isEmailAddress(claims.email.trim()) ? claims.email.trim().toLowerCase() : null;
  const emailVerified = email !== null && verifiedBy(kind, claims);
  const appleName = [claims.apple_name?.firstName, claims.apple_name?.lastName].filter(Boolean).join(' ');
  const name = claims.name?.trim() || appleName || [claims.given_name, claims.family_name].filter(Boolean).join(' ');
  const identityData: Record<string, unknown> = {
    iss: claims.iss,
    sub: claims.sub,
    provider_id: claims.sub,
    ...(email ? { email } : {}),
    email_verified: emailVerified,
    phone_verified: false,
    ...(name ? { name, full_name: name } : {}),
    ...(claims.given_name ?? claims.apple_name?.firstName ? { given_name: claims.given_name ?? claims.apple_name?.firstName } : {}),
    ...(claims.family_name ?? claims.apple_name?.lastName ? { family_name: claims.family_name ?? claims.apple_name?.lastName } : {}),
    ...(claims.picture ? { avatar_url: claims.picture, picture: claims.picture } : {}),
    ...(claims.locale ? { locale: claims.locale } : {}),
  };
  return { subject: claims.sub, email, emailVerified, identityData };
}

/** Apple's one-time `user` form field, JSON `{ name: { firstName, lastName }, email }`, or undefined. */
export function appleUserField(value: string | undefined): Record<string, unknown> {
  if (!value || value.length > 2048) return {};
  try {
    const parsed = z.object({ name: z.object({ firstName: z.string().optional(), lastName: z.string().optional() }).optional() }).safeParse(JSON.parse(value));
    return parsed.success && parsed.data.name ? { apple_name: parsed.data.name } : {};
  } catch {
    return {};
  }
}
