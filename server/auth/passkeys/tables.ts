import type { ColumnType, Generated, JSONColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** One passkey (server/db/migrations/1030_passkeys.sql). */
export interface AuthPasskeysTable {
  id: Generated<string>;
  user_id: string;
  /** base64url, as the browser's `credential.id`. */
  credential_id: string;
  /** COSE public key. */
  public_key: Uint8Array;
  sign_count: ColumnType<string | number, number | undefined, number>;
  transports: JSONColumnType<string[], string | undefined, string>;
  aaguid: string | null;
  friendly_name: ColumnType<string, string | undefined, string>;
  user_agent: string | null;
  backed_up: ColumnType<boolean, boolean | undefined, boolean>;
  second_step: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
  last_used_at: NullableTimestamp;
}

export type PasskeyChallengeKind = 'registration' | 'authentication';

/** A ceremony's challenge, spent once by deleting it. */
export interface AuthPasskeyChallengesTable {
  id: Generated<string>;
  kind: PasskeyChallengeKind;
  /** base64url, as sent in the options. */
  challenge: string;
  user_id: string | null;
  session_id: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
}

export interface PasskeyTables {
  auth_passkeys: AuthPasskeysTable;
  auth_passkey_challenges: AuthPasskeyChallengesTable;
}
