import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type Stripe from 'stripe';
import type { Database } from '../db/schema';

/**
 * What a capability tells the data framework about its own tables (#27: no capability writes
 * another's). Each capability keeps its rules and its erasure in `server/<capability>/data-lifecycle.ts`;
 * server/retention/rules.ts and erasure.ts compose them in order (docs/data.md).
 */

/**
 * One kind of row the retention job deletes: from `table`, the rows `where` selects (read through
 * an index: tests/server/data/query-plans checks each rule's plan). `key` identifies a row.
 */
export interface RetentionRule {
  name: string;
  table: string;
  key: string;
  where(now: Date, periods: RetentionPeriods): RawBuilder<boolean> | null;
}

/**
 * A condition on a user id that holds while a capability still needs that user (a guest who holds a
 * live subscription keeps their account). The owner of the rows writes it; another capability's rule
 * uses it without naming those rows' table.
 */
export type UserStillNeeded = (userId: RawBuilder<unknown>) => RawBuilder<boolean>;

/** Who is erased: their id and every address and number any capability knows them by. */
export interface Person {
  userId: string;
  /** Lower-cased. */
  emails: string[];
  /** Each number in every spelling: as stored, E.164, GoTrue's wire spelling (no '+'). */
  phones: string[];
}

/** The addresses and numbers one capability holds for a user, as stored (nulls are skipped). */
export interface KnownIdentifiers {
  emails: Array<string | null>;
  phones: Array<string | null>;
}

export interface ErasureOptions {
  stripe: Stripe | null;
  now: Date;
}

/** Runs one statement of the erasure's transaction and counts the rows it touched under `table`. */
export type CountRows = (table: string, statement: RawBuilder<unknown>) => Promise<void>;

/** One capability's share of erasing a person (server/retention/erasure.ts runs every part). */
export interface ErasurePart {
  capability: string;
  /** What erasure does with each of its tables holding a column that can name a person. */
  coverage: Record<string, string>;
  /** Its columns named like personal data that name something else (checked by hand). */
  notPersonal?: Record<string, string>;
  /** Outside the transaction, before it: what an outside provider holds (a failure stops the erasure). */
  before?(db: Kysely<Database>, userId: string, options: ErasureOptions): Promise<void>;
  /** Inside the transaction, before any part erases: the person's addresses and numbers it holds. */
  identifiers?(trx: Transaction<Database>, userId: string): Promise<KnownIdentifiers>;
  /** Inside the transaction: deletes or anonymises every row of its tables that names the person. */
  erase(trx: Transaction<Database>, person: Person, count: CountRows, options: ErasureOptions): Promise<void>;
}

/** The moment `ms` before `now`: where a retention period ends. */
export const before = (now: Date, ms: number) => new Date(now.getTime() - ms);

/** A text array as a subquery, for `column in ${textList(values)}`. */
export const textList = (values: string[]) => sql`(select unnest(${values}::text[]))`;

/** A value inside a LIKE pattern, its wildcards escaped. */
export const likeEscaped = (value: string) => value.replace(/[\\%_]/g, (character) => `\\${character}`);

/** The person's addresses and numbers: what messages, codes and counters are keyed by. */
export const recipientsOf = (person: Person) => [...person.emails, ...person.phones];

/** LIKE patterns for keys that end in one of the person's addresses or numbers (`<scope>:<recipient>`). */
export const keysNaming = (person: Person) => recipientsOf(person).map((value) => `%:${likeEscaped(value)}`);

/**
 * How long each kind of leftover row is kept, from the RETENTION_* variables (server/config/env.ts,
 * documented in docs/data.md). The auth ones follow GoTrue's cleanup (supabase/auth
 * internal/models/cleanup.go).
 */
export interface RetentionPeriods {
  /** A spent refresh token, after it was spent (GoTrue: 24 h). */
  revokedTokenMs: number;
  /** A session past its end: its lifetime (not_after) or its inactivity timeout (GoTrue: 72 h). */
  endedSessionMs: number;
  /** The auth service's own inactivity timeout (0: none), whose sessions end too. */
  sessionInactivityMs: number;
  /** PKCE flow states, MFA challenges and factors never verified, after creation (GoTrue: 24 h). */
  authFlowMs: number;
  /** Anonymous users, after creation (GoTrue: 30 days). */
  anonymousUserMs: number;
  /** One-time codes, after they expired (used ones expire minutes after they were sent). */
  codeMs: number;
  /** Sent messages (they name their recipient), after they were written. */
  outboxMs: number;
  /** Checkout sessions that expired unpaid, after they expired. */
  checkoutMs: number;
  /** Provider webhook events already applied (replays are refused while the event is kept). */
  webhookEventMs: number;
  /** Analytics events, after they happened. */
  analyticsEventMs: number;
}
