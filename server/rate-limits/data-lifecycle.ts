import { sql } from 'kysely';
import { keysNaming, type ErasurePart, type RetentionRule } from '../data-lifecycle/lifecycle';

/** The rate limits' data lifecycle (docs/data.md): windows that ended go, and a person's windows with them. */

export const rateLimitRetentionRules: RetentionRule[] = [
  {
    // The database hit counter also sweeps these as it counts; an idle server still drops them here.
    name: 'expired rate-limit windows',
    table: 'rate_limit_hits',
    key: 'key',
    where: (now) => sql<boolean>`reset_at <= ${now}`,
  },
];

/** Its share of erasure: the windows counted per address or number (`<scope>:<recipient>`). */
export const rateLimitErasure: ErasurePart = {
  capability: 'rate-limits',
  coverage: {
    rate_limit_hits: 'deleted: windows counted per address or number',
  },

  async erase(_trx, person, count) {
    const keys = keysNaming(person);
    if (keys.length > 0) await count('rate_limit_hits', sql`delete from rate_limit_hits where key like any(${keys}::text[])`);
  },
};
