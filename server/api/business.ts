import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { isBusinessComplete, type Business, type BusinessUpdate } from '../../core/contracts/onboarding';
import type { BusinessRow } from './tables';

export async function getBusiness(db: Kysely<Database>, userId: string): Promise<BusinessRow | null> {
  return (await db.selectFrom('businesses').selectAll().where('user_id', '=', userId).executeTakeFirst()) ?? null;
}

/** Upserts only the given answers, so each step saves what it asked and nothing else. */
export async function saveBusiness(db: Kysely<Database>, userId: string, changes: BusinessUpdate): Promise<BusinessRow> {
  const values = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  // "Other" needs its name; any other choice drops a stale one.
  if (values.crm !== undefined && values.crm !== 'other') values.crm_other = null;
  if (Object.keys(values).length === 0) {
    await db.insertInto('businesses').values({ user_id: userId }).onConflict((c) => c.column('user_id').doNothing()).execute();
  } else {
    await db
      .insertInto('businesses')
      .values({ user_id: userId, ...values })
      .onConflict((c) => c.column('user_id').doUpdateSet(values))
      .execute();
  }
  const row = await getBusiness(db, userId);
  if (!row) throw new Error(`business for ${userId} vanished`);
  return row;
}

export function businessView(row: BusinessRow | null): Business {
  const view = {
    size: (row?.size ?? null) as Business['size'],
    company_name: row?.company_name ?? null,
    website: row?.website ?? null,
    industry: row?.industry ?? null,
    job_role: row?.job_role ?? null,
    country: row?.country ?? null,
    crm: row?.crm ?? null,
    crm_other: row?.crm_other ?? null,
  };
  return { ...view, complete: isBusinessComplete(view) };
}
