import { createHash } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { AuthFactorsTable } from './tables';
import type { AuthUserRow } from './users';
import { gotrueSpelling } from '../../core/phone/spelling';
import { identityJson, type IdentityRow } from './social/identities';

const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : undefined);

/** A stable uuid-shaped id for a derived row (GoTrue keeps identities in a table; phone and email are derived here). */
function derivedUuid(...parts: string[]): string {
  const hex = createHash('sha256').update(parts.join('|')).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Wire phone: GoTrue stores and returns it without the '+'. */
export const wirePhone = (phone: string | null) => gotrueSpelling(phone);

/** The identity_id of the phone or email way in (DELETE /user/identities/{id} names it). */
export const derivedIdentityId = (userId: string, provider: 'email' | 'phone') => derivedUuid(userId, provider);

export function factorJson(factor: Selectable<AuthFactorsTable>) {
  return {
    id: factor.id,
    friendly_name: factor.friendly_name ?? '',
    factor_type: factor.factor_type,
    status: factor.status,
    ...(factor.factor_type === 'phone' ? { phone: wirePhone(factor.phone) } : {}),
    ...(factor.last_challenged_at ? { last_challenged_at: iso(factor.last_challenged_at) } : {}),
    created_at: iso(factor.created_at),
    updated_at: iso(factor.updated_at),
  };
}

/** The GoTrue user object (contract §2): email/phone are "" when absent; empty optionals omitted. */
export function userJson(user: AuthUserRow, factors: Selectable<AuthFactorsTable>[] = [], social: IdentityRow[] = []) {
  const identities: Record<string, unknown>[] = [];
  if (user.email && user.email_confirmed_at) {
    identities.push({
      identity_id: derivedUuid(user.id, 'email'),
      id: user.id,
      user_id: user.id,
      identity_data: { sub: user.id, email: user.email, email_verified: true, phone_verified: false },
      provider: 'email',
      email: user.email,
      last_sign_in_at: iso(user.last_sign_in_at),
      created_at: iso(user.email_confirmed_at),
      updated_at: iso(user.updated_at),
    });
  }
  if (user.phone && user.phone_confirmed_at) {
    identities.push({
      identity_id: derivedUuid(user.id, 'phone'),
      id: user.id,
      user_id: user.id,
      identity_data: { sub: user.id, phone: wirePhone(user.phone), email_verified: false, phone_verified: true },
      provider: 'phone',
      email: '',
      last_sign_in_at: iso(user.last_sign_in_at),
      created_at: iso(user.phone_confirmed_at),
      updated_at: iso(user.updated_at),
    });
  }
  // Provider identities (#35) after phone and email, oldest first.
  identities.push(...social.map(identityJson));
  const confirmedAt = user.email_confirmed_at ?? user.phone_confirmed_at;
  return {
    id: user.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: user.email ?? '',
    phone: wirePhone(user.phone),
    ...(user.email_confirmed_at ? { email_confirmed_at: iso(user.email_confirmed_at) } : {}),
    ...(user.phone_confirmed_at ? { phone_confirmed_at: iso(user.phone_confirmed_at) } : {}),
    ...(confirmedAt ? { confirmed_at: iso(confirmedAt) } : {}),
    ...(user.new_email ? { new_email: user.new_email } : {}),
    ...(user.new_phone ? { new_phone: wirePhone(user.new_phone) } : {}),
    ...(user.last_sign_in_at ? { last_sign_in_at: iso(user.last_sign_in_at) } : {}),
    app_metadata: user.app_metadata,
    user_metadata: user.user_metadata,
    identities,
    ...(factors.length > 0 ? { factors: factors.map(factorJson) } : {}),
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    is_anonymous: user.is_anonymous,
  };
}
