import { sql } from 'kysely';
import { textList, type ErasurePart } from '../data-lifecycle/lifecycle';

/**
 * The bookings' share of erasure (docs/data.md; the retention job has no rule for them). A demo
 * request names no account, only an email and a phone it never proved: it is found by the addresses
 * and numbers the person proved (or the team was asked to erase), never by one they only claimed.
 */
export const bookingsErasure: ErasurePart = {
  capability: 'bookings',
  coverage: {
    bookings: 'deleted: demo requests made with an email or phone the person proved',
  },

  async erase(_trx, { emails, phones }, count) {
    if (emails.length === 0 && phones.length === 0) return;
    await count('bookings', sql`delete from bookings where lower(email) in ${textList(emails)} or phone in ${textList(phones)}`);
  },
};
