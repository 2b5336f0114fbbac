import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { e164Spelling, gotrueSpelling } from '../../core/phone/spelling';
import { analyticsErasure } from '../analytics/data-lifecycle';
import { apiErasure } from '../api/data-lifecycle';
import { authErasure, unfinishedErasures } from '../auth/data-lifecycle';
import { bookingsErasure } from '../bookings/data-lifecycle';
import { paymentsErasure } from '../payments/data-lifecycle';
import { rateLimitErasure } from '../rate-limits/data-lifecycle';
import type { CountRows, ErasureOptions, ErasurePart, Person } from '../data-lifecycle/lifecycle';
import type { DatabaseKind } from '../db/client';
import { READ_CACHE_TTL_MS } from '../db/read-cache';

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
  /** Null when the erased person had no account (an address or number the team was asked to erase). */
  userId: string | null;
  /** Rows removed or anonymised, per table. */
  rows: Record<string, number>;
}

/**
 * A request this long after an instance's cached read of the account expired has finished: product
 * requests take milliseconds (proof:load's p99 under 50 connections is under 100 ms).
 */
export const ERASURE_SETTLE_MARGIN_MS = 1_000;

/**
 * How long an erasure waits between marking the account and deleting it (#41). On Postgres another
 * instance may have read the account just before the mark; its copy is served READ_CACHE_TTL_MS at
 * most (decision 701, counted from the read's start), and a request it let in then finishes within
 * the margin. After that no instance accepts the person's token, and none is still writing their
 * rows: deleting them turns no request into a 5xx. The embedded database has one process, whose
 * caches the mark empties at once.
 */
export const erasureSettleMs = (kind: DatabaseKind): number => (kind === 'postgres' ? READ_CACHE_TTL_MS + ERASURE_SETTLE_MARGIN_MS : 0);

/**
 * Erases one person: each part's step outside the transaction first (the subscription ends and the
 * Stripe customer is deleted — a failure there stops here, nothing deleted, so it can be run again;
 * then the account is marked and every instance refuses its tokens once the caches expire), then one
 * transaction removes every row the person owns and anonymises what the accounts must keep
 * (subscriptions, charges, refunds). Running it twice, or twelve times at once, erases once: the
 * user's row is locked, and later runs find nothing left.
 */
export async function erasePerson(db: Kysely<Database>, userId: string, options: ErasureOptions): Promise<ErasureResult> {
  for (const part of erasureParts) await part.before?.(db, userId, options);
  const rows = await eraseInTransaction(db, options, (trx) => personOf(trx, userId));
  return { userId, rows };
}

/**
 * The team's erasure of someone without an account (a demo booker), by the address or number they
 * asked about: what was sent to it, what was booked with it, and other accounts' unproven claims on
 * it. An address an account proved is that account's: erase the account instead (erasureTargetOf).
 */
export async function eraseAddress(db: Kysely<Database>, address: { emails: string[]; phones: string[] }, options: ErasureOptions): Promise<ErasureResult> {
  const rows = await eraseInTransaction(db, options, async (trx) => withoutOthersProofs(trx, { userId: null, ...spellings(address.emails, address.phones) }));
  return { userId: null, rows };
}

async function eraseInTransaction(db: Kysely<Database>, options: ErasureOptions, who: (trx: Transaction<Database>) => Promise<Person>): Promise<Record<string, number>> {
  const rows = await db.transaction().execute(async (trx) => {
    const person = await who(trx);
    const counts: Record<string, number> = {};
    const count: CountRows = async (table, statement) => {
      const result = await statement.execute(trx);
      counts[table] = (counts[table] ?? 0) + Number(result.numAffectedRows ?? 0);
    };
    for (const part of erasureParts) await part.erase(trx, person, count, options);
    return counts;
  });
  return Object.fromEntries(Object.entries(rows).filter(([, count]) => count > 0));
}

/**
 * What the person owns: every address and number a part says they proved (the auth service's part
 * locks the user's row first), less any another account proved too — those are not theirs alone.
 */
async function personOf(trx: Transaction<Database>, userId: string): Promise<Person> {
  const emails: string[] = [];
  const phones: string[] = [];
  const readers = [authErasure, ...erasureParts.filter((part) => part !== authErasure)];
  for (const part of readers) {
    const known = await part.identifiers?.(trx, userId);
    for (const email of known?.emails ?? []) if (email) emails.push(email);
    for (const phone of known?.phones ?? []) if (phone) phones.push(phone);
  }
  return withoutOthersProofs(trx, { userId, ...spellings(emails, phones) });
}

async function withoutOthersProofs(trx: Transaction<Database>, person: Person): Promise<Person> {
  const shared = new Set<string>();
  for (const part of erasureParts) {
    const proved = (await part.provedByOthers?.(trx, person.userId, { emails: person.emails, phones: person.phones })) ?? [];
    for (const value of proved) shared.add(value.includes('@') ? value.toLowerCase() : e164Spelling(value));
  }
  return {
    userId: person.userId,
    emails: person.emails.filter((email) => !shared.has(email)),
    phones: person.phones.filter((phone) => !shared.has(e164Spelling(phone))),
  };
}

/** Emails lower-cased; every number in every spelling that names it: as stored, E.164, GoTrue's wire spelling (no '+'). */
function spellings(emails: string[], phones: string[]): { emails: string[]; phones: string[] } {
  const numbers = new Set<string>();
  for (const phone of phones) numbers.add(phone).add(e164Spelling(phone)).add(gotrueSpelling(phone));
  return { emails: [...new Set(emails.map((email) => email.toLowerCase()))], phones: [...numbers] };
}

/**
 * An erasure marked more than this long ago and still there stopped half-way (the process ended
 * between the mark and the deletion): its person can no longer ask again, their tokens being refused.
 */
export const UNFINISHED_ERASURE_MS = 10 * 60_000;

/**
 * Finishes erasures left marked (the retention job runs this): the mark is old, every cache has long
 * seen it. One that fails (Stripe unreachable) is left for the next run and does not hold back the others.
 */
export async function finishErasures(db: Kysely<Database>, options: ErasureOptions, onFailure: (userId: string, error: unknown) => void = () => undefined): Promise<string[]> {
  const finished: string[] = [];
  for (const userId of await unfinishedErasures(db, new Date(options.now.getTime() - UNFINISHED_ERASURE_MS))) {
    try {
      await erasePerson(db, userId, options);
      finished.push(userId);
    } catch (error) {
      onFailure(userId, error);
    }
  }
  return finished;
}
