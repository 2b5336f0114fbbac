import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { PromotionRow } from './tables';

export type PromotionLookup =
  | { kind: 'applied'; promotion: PromotionRow }
  | { kind: 'ignored'; note: 'PROMOTION_NOT_FOUND' | 'PROMOTION_EXPIRED' }
  | { kind: 'none' };

const CODE = /^[A-Za-z0-9_-]{2,64}$/;

/**
 * The promotion behind a custom_code, if it can be used now. An unknown, malformed, inactive,
 * expired or exhausted code is ignored with a note: checkout goes on at the full price.
 */
export async function lookupPromotion(db: Kysely<Database>, code: string | undefined, now: Date): Promise<PromotionLookup> {
  if (code === undefined || code.trim() === '') return { kind: 'none' };
  const normalised = code.trim().toUpperCase();
  if (!CODE.test(normalised)) return { kind: 'ignored', note: 'PROMOTION_NOT_FOUND' };
  const promotion = await db.selectFrom('promotions').selectAll().where('code', '=', normalised).executeTakeFirst();
  if (!promotion || !promotion.active) return { kind: 'ignored', note: 'PROMOTION_NOT_FOUND' };
  const notYet = promotion.valid_from !== null && promotion.valid_from > now;
  const over = promotion.valid_until !== null && promotion.valid_until <= now;
  const exhausted = promotion.max_redemptions !== null && promotion.redemptions >= promotion.max_redemptions;
  if (notYet || over || exhausted) return { kind: 'ignored', note: 'PROMOTION_EXPIRED' };
  return { kind: 'applied', promotion };
}

/** Counts one use; refuses (false) when the last use was taken meanwhile. */
export async function redeemPromotion(db: Kysely<Database>, promotionId: string): Promise<boolean> {
  const result = await db
    .updateTable('promotions')
    .set((eb) => ({ redemptions: eb('redemptions', '+', 1) }))
    .where('id', '=', promotionId)
    .where((eb) => eb.or([eb('max_redemptions', 'is', null), eb('redemptions', '<', eb.ref('max_redemptions'))]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The amount after a percent discount: the rule lives in core, shared with the paywall (#37.1). */
export { applyPercentOff } from '../../core/payments/promotion';
