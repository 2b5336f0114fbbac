import { sql } from 'kysely';
import { textList, type ErasurePart } from '../data-lifecycle/lifecycle';

/**
 * The bookings' share of erasure (docs/data.md; the retention job has no rule for them). A demo
 * request names no account, only an email and a phone: it is found by the person's addresses and numbers.
 */
export const bookingsErasure: ErasurePart = {
  capability: 'bookings',
  coverage: {
    bookings: 'deleted: demo requests made with their email or phone',
  },

  async erase(_trx, { emails, phones }, count) {
    if (emails.length === 0 && phones.length === 0) return;
    await count('bookings', sql`delete from bookings where lower(email) in ${textList(emails)} or phone in ${textList(phones)}`);
  },
};
