import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { legitimacyReasonSchema, type LegitimacyReason } from '../../core/contracts/onboarding';
import type { KycStatus } from '../../core/contracts/user';
import type { AuthIdentity } from '../auth/directory';
import { evaluate, phonePrefixOf, recentCounts, type Verdict } from './legitimacy';
import { loadCountryLookup } from '../geo/country';
import { loadEmailKind } from './reference-data';
import type { BusinessRow, Profile } from './tables';

interface CheckContext {
  userId: string;
  profile: Profile;
  identity: AuthIdentity | null;
  business: BusinessRow | null;
  ip: string | null;
  now: Date;
}

/** Evaluates the rules for a user and stores verdict + reasons; profiles.kyc_status follows. */
export async function runLegitimacyCheck(db: Kysely<Database>, context: CheckContext): Promise<Verdict> {
  const { profile, identity } = context;
  const phone = profile.phone ?? identity?.phone ?? null;
  const email = profile.email ?? identity?.email ?? null;
  const [counts, ipCountry, emailKind] = await Promise.all([recentCounts(db, context.userId, context.now, context.ip, phonePrefixOf(phone)), loadCountryLookup(), loadEmailKind()]);
  const verdict = evaluate({
    email,
    phone,
    phoneVerified: Boolean(phone && identity?.phoneConfirmed && identity.phone === phone),
    website: context.business?.website ?? null,
    companyName: context.business?.company_name ?? null,
    ip: context.ip,
    recentFromIp: counts.fromIp,
    recentWithPrefix: counts.withPrefix,
  }, { ipCountry, emailKind });
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('legitimacy_checks')
      .values({
        user_id: context.userId,
        outcome: verdict.status,
        decided_by: 'rules',
        score: verdict.score,
        reasons: JSON.stringify(verdict.reasons),
        note: null,
        ip: context.ip,
        ip_country: verdict.ipCountry,
        phone_prefix: verdict.phonePrefix,
        email_domain: verdict.emailDomain,
        created_at: context.now,
      })
      .execute();
    await trx.updateTable('profiles').set({ kyc_status: verdict.status }).where('user_id', '=', context.userId).execute();
  });
  return verdict;
}

/** A manual decision from the admin tool: recorded like the rules' ones, with the reviewer's note. */
export async function recordAdminDecision(
  db: Kysely<Database>,
  userId: string,
  status: Extract<KycStatus, 'VALIDATED' | 'REJECTED'>,
  note: string | null,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('profiles')
      .values({ user_id: userId })
      .onConflict((c) => c.column('user_id').doNothing())
      .execute();
    await trx
      .insertInto('legitimacy_checks')
      .values({
        user_id: userId,
        outcome: status,
        decided_by: 'admin',
        score: 0,
        reasons: JSON.stringify([{ rule: 'admin_review', outcome: status === 'VALIDATED' ? 'pass' : 'reject', detail: note ?? 'Decided by a reviewer' }]),
        note,
        ip: null,
        ip_country: null,
        phone_prefix: null,
        email_domain: null,
        created_at: now,
      })
      .execute();
    await trx.updateTable('profiles').set({ kyc_status: status }).where('user_id', '=', userId).execute();
  });
}

export async function latestReasons(db: Kysely<Database>, userId: string): Promise<LegitimacyReason[]> {
  const row = await db
    .selectFrom('legitimacy_checks')
    .select('reasons')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  const parsed = legitimacyReasonSchema.array().safeParse(typeof row?.reasons === 'string' ? JSON.parse(row.reasons) : (row?.reasons ?? []));
  return parsed.success ? parsed.data.map(({ rule, outcome, detail }) => ({ rule, outcome, detail })) : [];
}
