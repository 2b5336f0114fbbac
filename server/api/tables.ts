import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { KycStatus } from '../../core/contracts/user';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string | T | undefined, string | T>;

export interface ProfilesTable {
  user_id: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  role: string | null;
  kyc_status: KycStatus | null;
  data: Json<Record<string, unknown>>;
  onboarding_finished_at: Date | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BusinessesTable {
  user_id: string;
  size: string | null;
  company_name: string | null;
  website: string | null;
  industry: string | null;
  job_role: string | null;
  country: string | null;
  crm: string | null;
  crm_other: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface LegitimacyChecksTable {
  id: Generated<string>;
  user_id: string;
  outcome: KycStatus;
  decided_by: 'rules' | 'admin';
  score: Generated<number>;
  reasons: Json<unknown[]>;
  note: string | null;
  ip: string | null;
  ip_country: string | null;
  phone_prefix: string | null;
  email_domain: string | null;
  created_at: Timestamp;
}

/** Tables owned by the api capability (server/db/migrations/0200_profiles.sql). */
export interface ApiTables {
  profiles: ProfilesTable;
  businesses: BusinessesTable;
  legitimacy_checks: LegitimacyChecksTable;
}

export type Profile = Selectable<ProfilesTable>;
export type NewProfile = Insertable<ProfilesTable>;
export type ProfileUpdate = Updateable<ProfilesTable>;
export type BusinessRow = Selectable<BusinessesTable>;
export type LegitimacyCheck = Selectable<LegitimacyChecksTable>;
