import type { ColumnType, Generated, JSONColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** A provider's account linked to a user (server/db/migrations/1020_social_identities.sql). */
export interface AuthIdentitiesTable {
  id: Generated<string>;
  user_id: string;
  provider: string;
  provider_id: string;
  identity_data: JSONColumnType<Record<string, unknown>, string, string>;
  email: string | null;
  last_sign_in_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One trip to a provider: `id` is the `state` it carries. */
export interface AuthOauthStatesTable {
  id: Generated<string>;
  provider: string;
  redirect_to: string;
  code_challenge: string | null;
  code_challenge_method: 's256' | 'plain' | null;
  provider_verifier: string;
  nonce: string;
  browser_hash: string;
  link_user_id: string | null;
  created_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface SocialTables {
  auth_identities: AuthIdentitiesTable;
  auth_oauth_states: AuthOauthStatesTable;
}
