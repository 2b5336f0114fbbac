import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuthUserRow } from '../users';
import type { AuthIdentitiesTable } from './tables';

export type IdentityRow = Selectable<AuthIdentitiesTable>;

/** The ways in that are columns of auth_users, not rows of auth_identities. */
const COLUMN_PROVIDERS = new Set(['email', 'phone']);

const providersOf = (appMetadata: Record<string, unknown>): string[] =>
  Array.isArray(appMetadata.providers) ? appMetadata.providers.filter((entry): entry is string => typeof entry === 'string') : [];

/** app_metadata with `provider` added to `providers` (and as `provider` when it has none yet), as GoTrue keeps it. */
export function withProvider(appMetadata: Record<string, unknown>, provider: string): Record<string, unknown> {
  const providers = providersOf(appMetadata);
  return {
    ...appMetadata,
    provider: typeof appMetadata.provider === 'string' ? appMetadata.provider : provider,
    providers: providers.includes(provider) ? providers : [...providers, provider],
  };
}

/** app_metadata without `provider` in `providers`. */
export function withoutProvider(appMetadata: Record<string, unknown>, provider: string): Record<string, unknown> {
  const providers = providersOf(appMetadata).filter((entry) => entry !== provider);
  return { ...appMetadata, provider: appMetadata.provider === provider ? (providers[0] ?? provider) : appMetadata.provider, providers };
}

/**
 * A user's provider identities, oldest first. Costs no query for a user whose app_metadata names
 * only phone and email (every code sign-in's session answer calls this).
 */
export async function socialIdentitiesOf(db: Kysely<Database>, user: Pick<AuthUserRow, 'id' | 'app_metadata'>): Promise<IdentityRow[]> {
  if (providersOf(user.app_metadata ?? {}).every((provider) => COLUMN_PROVIDERS.has(provider))) return [];
  return db.selectFrom('auth_identities').selectAll().where('user_id', '=', user.id).orderBy('created_at', 'asc').execute();
}

export function findIdentity(db: Kysely<Database>, provider: string, subject: string): Promise<IdentityRow | undefined> {
  return db.selectFrom('auth_identities').selectAll().where('provider', '=', provider).where('provider_id', '=', subject).executeTakeFirst();
}

const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : undefined);

/** GoTrue's identity object (user.identities[]). */
export function identityJson(row: IdentityRow) {
  return {
    identity_id: row.id,
    id: row.provider_id,
    user_id: row.user_id,
    identity_data: row.identity_data,
    provider: row.provider,
    email: row.email ?? '',
    last_sign_in_at: iso(row.last_sign_in_at),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}
