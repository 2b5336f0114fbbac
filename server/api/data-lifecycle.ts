import { sql } from 'kysely';
import type { ErasurePart } from '../data-lifecycle/lifecycle';

/**
 * The product API's data lifecycle (docs/data.md): profiles, businesses and identity checks are kept
 * while the account lives. Erasure reads the profile's address and number (the person may have typed
 * others than their sign-in ones), and deletes the profile after the user's row.
 */
export const apiErasure: ErasurePart = {
  capability: 'api',
  coverage: {
    profiles: 'deleted with the user (foreign key)',
    businesses: 'deleted with the user (foreign key)',
    legitimacy_checks: 'deleted with the user (foreign key)',
  },

  async identifiers(trx, userId) {
    const rows = await trx.selectFrom('profiles').select(['email', 'phone']).where('user_id', '=', userId).execute();
    return { emails: rows.map((row) => row.email), phones: rows.map((row) => row.phone) };
  },

  async erase(_trx, { userId }, count) {
    await count('profiles', sql`delete from profiles where user_id = ${userId}`);
  },
};
