import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { e164Spelling, gotrueSpelling } from '../../core/phone/spelling';
import { analyticsErasure } from '../analytics/data-lifecycle';
import { apiErasure } from '../api/data-lifecycle';
import { authErasure } from '../auth/data-lifecycle';
import { bookingsErasure } from '../bookings/data-lifecycle';
import { paymentsErasure } from '../payments/data-lifecycle';
import { rateLimitErasure } from '../rate-limits/data-lifecycle';
import type { CountRows, ErasureOptions, ErasurePart, Person } from '../data-lifecycle/lifecycle';

/**
 * Every capability's share of erasing a person, from its data-lifecycle.ts, in the order they erase.
 * Payments goes first: it reads the customer refs and the person's addresses before they go. The
 * auth service's user row and the api's profile go last.
 */
export const erasureParts: readonly ErasurePart[] = [paymentsErasure, analyticsErasure, bookingsErasure, rateLimitErasure, authErasure, apiErasure];

/**
 * What erasure does with each table holding a column that can name a person (a name, an email, a
 * phone, an address, a device, a user id). tests/server/data/erasure.test.ts reads the database's
 * catalog and fails when a table with such a column is missing here.
 */
export const erasureCoverage: Record<string, string> = Object.assign({}, ...erasureParts.map((part) => part.coverage));

/** Columns named like these hold personal data (the catalog check and docs/data.md use this rule). */
export const personalColumnWords = ['email', 'phone', 'name', 'ip', 'recipient', 'device', 'agent'] as const;

/** A column of a public table that names something else than a person (checked by hand). */
export const notPersonal: Record<string, string> = Object.assign({}, ...erasureParts.map((part) => part.notPersonal ?? {}));

export interface ErasureResult {
  userId: string;
  /** Rows removed or anonymised, per table. */
  rows: Record<string, number>;
}

/**
 * Erases one person: each part's step outside the transaction first (the subscription ends and the
 * Stripe customer is deleted; a failure there stops here, nothing deleted, so it can be run again),
 * then one transaction removes every row that names them and anonymises what the accounts must keep
 * (subscriptions, charges, refunds). Running it twice, or twelve times at once, erases once: the
 * user's row is locked, and later runs find nothing left.
 */
export async function erasePerson(db: Kysely<Database>, userId: string, options: ErasureOptions): Promise<ErasureResult> {
  for (const part of erasureParts) await part.before?.(db, userId, options);
  const rows = await db.transaction().execute(async (trx) => {
    const person = await personOf(trx, userId);
    const counts: Record<string, number> = {};
    const count: CountRows = async (table, statement) => {
      const result = await statement.execute(trx);
      counts[table] = (counts[table] ?? 0) + Number(result.numAffectedRows ?? 0);
    };
    for (const part of erasureParts) await part.erase(trx, person, count, options);
    return counts;
  });
  return { userId, rows: Object.fromEntries(Object.entries(rows).filter(([, count]) => count > 0)) };
}

/** Every address and number the parts know the person by (the auth service's part locks the user's row first). */
async function personOf(trx: Transaction<Database>, userId: string): Promise<Person> {
  const emails = new Set<string>();
  const phones = new Set<string>();
  const readers = [authErasure, ...erasureParts.filter((part) => part !== authErasure)];
  for (const part of readers) {
    const known = await part.identifiers?.(trx, userId);
    for (const email of known?.emails ?? []) if (email) emails.add(email.toLowerCase());
    // Every spelling names the person: as stored, E.164 and GoTrue's wire spelling (no '+').
    for (const phone of known?.phones ?? []) if (phone) phones.add(phone).add(e164Spelling(phone)).add(gotrueSpelling(phone));
  }
  return { userId, emails: [...emails], phones: [...phones] };
}
