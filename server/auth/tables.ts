import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { Aal } from '../../core/assurance';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface AmrEntry {
  method: string;
  timestamp: number;
  provider?: string;
}

export interface AuthUsersTable {
  id: Generated<string>;
  email: string | null;
  phone: string | null;
  is_anonymous: Generated<boolean>;
  email_confirmed_at: NullableTimestamp;
  phone_confirmed_at: NullableTimestamp;
  last_sign_in_at: NullableTimestamp;
  app_metadata: JSONColumnType<Record<string, unknown>, string | undefined, string>;
  user_metadata: JSONColumnType<Record<string, unknown>, string | undefined, string>;
  new_email: string | null;
  new_phone: string | null;
  banned_until: NullableTimestamp;
  /** Set when an erasure of this account began (#41, server/retention/erasure.ts): its tokens are refused from then on. */
  erasing_since: NullableTimestamp;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface AuthSessionsTable {
  id: Generated<string>;
  user_id: string;
  aal: ColumnType<Aal, Aal | undefined, Aal>;
  amr: JSONColumnType<AmrEntry[], string | undefined, string>;
  factor_id: string | null;
  user_agent: string | null;
  ip: string | null;
  created_at: Timestamp;
  refreshed_at: Timestamp;
  not_after: NullableTimestamp;
}

export interface AuthRefreshTokensTable {
  id: Generated<number>;
  token_hash: string;
  session_id: string;
  user_id: string;
  parent_id: number | null;
  revoked_at: NullableTimestamp;
  created_at: Timestamp;
}

export type OtpPurpose = 'signin' | 'email_change' | 'phone_change' | 'recovery';
export type Channel = 'sms' | 'email';

export interface AuthOtpsTable {
  id: Generated<string>;
  purpose: OtpPurpose;
  channel: Channel;
  recipient: string;
  user_id: string | null;
  code_hash: string;
  link_token_hash: string | null;
  code_challenge: string | null;
  code_challenge_method: string | null;
  data: JSONColumnType<Record<string, unknown>, string | undefined, string>;
  /** Wrong tries by the client that asked for the code (OTP_MAX_ATTEMPTS kills it). */
  attempts: Generated<number>;
  /** Wrong tries by any other client: their own pool, so they cannot kill the owner's code. */
  other_attempts: Generated<number>;
  /** The address that asked for the code (null for rows made before #25). */
  requested_ip: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  consumed_at: NullableTimestamp;
}

/** One row per send key: no send to that key before `free_at` (server/auth/send-rules.ts). */
export interface AuthSendSlotsTable {
  key: string;
  free_at: Timestamp;
}

export interface AuthOutboxTable {
  id: Generated<string>;
  channel: Channel;
  recipient: string;
  subject: string | null;
  body: string;
  code: string | null;
  created_at: Timestamp;
  sent_at: NullableTimestamp;
  error: string | null;
}

export interface AuthFactorsTable {
  id: Generated<string>;
  user_id: string;
  factor_type: 'totp' | 'phone';
  friendly_name: string | null;
  status: ColumnType<'unverified' | 'verified', 'unverified' | 'verified' | undefined, 'unverified' | 'verified'>;
  secret: string | null;
  phone: string | null;
  last_totp_step: number | null;
  last_challenged_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Verification tries in the current window (server/auth/factor-attempts.ts). */
  verify_attempts: ColumnType<number, number | undefined, number>;
  verify_window_started_at: NullableTimestamp;
}

export interface AuthChallengesTable {
  id: Generated<string>;
  factor_id: string;
  ip: string | null;
  code_hash: string | null;
  attempts: Generated<number>;
  created_at: Timestamp;
  expires_at: Timestamp;
  verified_at: NullableTimestamp;
}

export interface AuthFlowStatesTable {
  id: Generated<string>;
  auth_code_hash: string;
  code_challenge: string;
  code_challenge_method: 's256' | 'plain';
  user_id: string;
  authentication_method: string;
  created_at: Timestamp;
  /** A provider sign-in's provider and its tokens, sealed (server/auth/social/, #35). */
  provider: ColumnType<string | null, string | null | undefined, string | null>;
  provider_access_token: ColumnType<string | null, string | null | undefined, string | null>;
  provider_refresh_token: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface AuthSigningKeysTable {
  kid: string;
  alg: string;
  private_jwk: JSONColumnType<Record<string, unknown>, string, string>;
  public_jwk: JSONColumnType<Record<string, unknown>, string, string>;
  created_at: Timestamp;
  activates_at: Timestamp;
  retired_at: NullableTimestamp;
  expires_at: NullableTimestamp;
}

export interface AuthSettingsTable {
  name: string;
  value: string;
  created_at: DefaultTimestamp;
}

/** Tables owned by the auth capability (see server/db/migrations/0100_auth.sql). */
export interface AuthTables {
  auth_users: AuthUsersTable;
  auth_sessions: AuthSessionsTable;
  auth_refresh_tokens: AuthRefreshTokensTable;
  auth_otps: AuthOtpsTable;
  auth_send_slots: AuthSendSlotsTable;
  auth_outbox: AuthOutboxTable;
  auth_factors: AuthFactorsTable;
  auth_challenges: AuthChallengesTable;
  auth_flow_states: AuthFlowStatesTable;
  auth_signing_keys: AuthSigningKeysTable;
  auth_settings: AuthSettingsTable;
}
