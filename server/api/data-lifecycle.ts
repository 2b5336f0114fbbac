import { sql } from 'kysely';
import { textList, type ErasurePart } from '../data-lifecycle/lifecycle';

/**
 * The product API's data lifecycle (docs/data.md): profiles, businesses and identity checks are kept
 * while the account lives. A profile's email and phone are what the person typed, a claim (#41): they
 * go with the person's own profile and are never used to find anyone else's rows. What the person
 * proved is dropped from other profiles that claim it.
 */
export const apiErasure: ErasurePart = {
  capability: 'api',
  coverage: {
    profiles: 'deleted with the user (foreign key); another profile’s unproven email or phone equal to what the person proved is emptied',
    businesses: 'deleted with the user (foreign key)',
    legitimacy_checks: 'deleted with the user (foreign key)',
  },

  async erase(_trx, { userId, emails, phones }, count) {
    if (userId) await count('profiles', sql`delete from profiles where user_id = ${userId}`);
    // Another account typed the person's address or number: its claim goes, its profile stays.
    if (emails.length > 0) await count('profiles', sql`update profiles set email = null where lower(email) in ${textList(emails)}`);
    if (phones.length > 0) await count('profiles', sql`update profiles set phone = null where phone in ${textList(phones)}`);
  },
};
