import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import { AccountDirectory } from '../auth/directory';
import type { Database } from '../db/schema';
import { HttpError } from '../http/errors';
import { legitimacyReasonSchema } from '../../core/contracts/onboarding';
import { kycStatusSchema } from '../../core/contracts/user';
import { recordAdminDecision } from './legitimacy-store';

export const kycReviewSchema = z.object({
  user_id: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  company_name: z.string().nullable(),
  website: z.string().nullable(),
  kyc_status: kycStatusSchema.nullable(),
  score: z.number().nullable(),
  reasons: z.array(legitimacyReasonSchema),
  checked_at: z.string().nullable(),
});
export type KycReview = z.infer<typeof kycReviewSchema>;

export const kycDecisionSchema = z.object({
  status: z.enum(['VALIDATED', 'REJECTED']),
  note: z.string().trim().min(1).max(500).optional(),
});

interface ReviewRow {
  user_id: string;
  email: string | null;
  phone: string | null;
  company_name: string | null;
  website: string | null;
  kyc_status: string | null;
  score: number | null;
  reasons: unknown;
  checked_at: Date | string | null;
}

/** Users with a given KYC status (pending reviews by default), oldest first, with the latest reasons. */
export async function listKycReviews(db: Kysely<Database>, status: z.infer<typeof kycStatusSchema> = 'PENDING_REVIEW'): Promise<KycReview[]> {
  const { rows } = await sql<ReviewRow>`
    select p.user_id, p.email, p.phone,
           b.company_name, b.website, p.kyc_status, c.score, c.reasons, c.created_at as checked_at
    from profiles p
    left join businesses b on b.user_id = p.user_id
    left join lateral (
      select score, reasons, created_at from legitimacy_checks
      where user_id = p.user_id order by created_at desc limit 1
    ) c on true
    where p.kyc_status = ${status}
    order by c.created_at asc nulls first`.execute(db);
  // The account's own email and phone where the profile has none (the auth service answers for them).
  const identities = await new AccountDirectory(db).identities(rows.map((row) => row.user_id));
  return rows.filter((row) => identities.has(row.user_id)).map((row) => ({
    user_id: row.user_id,
    email: row.email ?? identities.get(row.user_id)!.email,
    phone: row.phone ?? identities.get(row.user_id)!.phone,
    company_name: row.company_name,
    website: row.website,
    kyc_status: kycStatusSchema.nullable().parse(row.kyc_status),
    score: row.score === null ? null : Number(row.score),
    reasons: legitimacyReasonSchema
      .array()
      .catch([])
      .parse((typeof row.reasons === 'string' ? JSON.parse(row.reasons) : (row.reasons ?? [])) as unknown[])
      .map(({ rule, outcome, detail }) => ({ rule, outcome, detail })),
    checked_at: row.checked_at ? new Date(row.checked_at).toISOString() : null,
  }));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A user id, or the email / phone the user signed up with. */
export async function resolveUserRef(db: Kysely<Database>, ref: string): Promise<string> {
  const value = ref.trim();
  const accounts = new AccountDirectory(db);
  // One indexed lookup per column (an OR across a join read both tables whole): profiles.email has
  // an index on lower(email), profiles.phone one of its own; the auth service looks up its accounts.
  const found = UUID.test(value)
    ? await accounts.idsMatching(value, 'id')
    : [
        ...(await accounts.idsMatching(value, 'email-or-phone')),
        ...(
          await sql<{ user_id: string }>`
            select user_id from profiles where lower(email) = ${value.toLowerCase()}
            union select user_id from profiles where phone = ${value}`.execute(db)
        ).rows.map((row) => row.user_id),
      ];
  const ids = [...new Set(found)];
  if (ids.length === 0) throw new HttpError(404, 'USER_NOT_FOUND', `No user matches ${value}`);
  if (ids.length > 1) throw new HttpError(409, 'AMBIGUOUS_USER', `${value} matches several users; use the user id`);
  return ids[0]!;
}

/** The reviewer's decision: the user's kyc_status becomes it, recorded with the note. */
export async function decideKyc(
  db: Kysely<Database>,
  ref: string,
  decision: z.infer<typeof kycDecisionSchema>,
  now: Date,
): Promise<{ user_id: string; kyc_status: 'VALIDATED' | 'REJECTED' }> {
  const userId = await resolveUserRef(db, ref);
  await recordAdminDecision(db, userId, decision.status, decision.note ?? null, now);
  return { user_id: userId, kyc_status: decision.status };
}
