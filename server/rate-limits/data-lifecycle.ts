import { sql } from 'kysely';
import { likeEscaped, type ErasurePart, type RetentionRule } from '../data-lifecycle/lifecycle';

/** The rate limits' data lifecycle (docs/data.md): windows that ended go, and a person's own windows with them. */

export const rateLimitRetentionRules: RetentionRule[] = [
  {
    // The database hit counter also sweeps these as it counts; an idle server still drops them here.
    name: 'expired rate-limit windows',
    table: 'rate_limit_hits',
    key: 'key',
    where: (now) => sql<boolean>`reset_at <= ${now}`,
  },
];

/**
 * Its share of erasure (#41): the windows counted per account (`lookup:user:<id>`,
 * `auth:sms:user:<id>`): an erased id never asks again, so they protect nobody. Windows counted per
 * address or number stay until they end (an hour at most): they protect that address's owner and
 * the text budget, and an erasure that reset them would be a way around every send rule.
 */
export const rateLimitErasure: ErasurePart = {
  capability: 'rate-limits',
  coverage: {
    rate_limit_hits: 'deleted: windows counted per account; windows per address or number end by themselves (an hour at most)',
  },

  async erase(_trx, { userId }, count) {
    if (userId) await count('rate_limit_hits', sql`delete from rate_limit_hits where key like ${`%${likeEscaped(userId)}%`}`);
  },
};
