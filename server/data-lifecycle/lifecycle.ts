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

/**
 * Who is erased, by what they OWN (#41): their account's id, and the addresses and numbers they
 * proved (a confirmed email or phone on their account, a verified phone factor) that no other
 * account proved too. An address or number they only typed (a profile field, a pending change, a
 * factor never verified) is a claim: it goes with their own rows and finds nobody else's.
 */
export interface Person {
  /** Null when the team erases an address or number no account proved (a demo booker, `kyc-admin erase`). */
  userId: string | null;
  /** Lower-cased. */
  emails: string[];
  /** Each number in every spelling: as stored, E.164, GoTrue's wire spelling (no '+'). */
  phones: string[];
}

/** The addresses and numbers one capability holds as proved for a user, as stored (nulls are skipped). */
export interface KnownIdentifiers {
  emails: Array<string | null>;
  phones: Array<string | null>;
}

export interface ErasureOptions {
  stripe: Stripe | null;
  now: Date;
  /**
   * How long to wait between marking the account and deleting it: every instance's cached read of
   * the account has expired by then (server/retention/erasure.ts `erasureSettleMs`; 0 on the
   * embedded database, whose one process sees the mark at once).
   */
  settleMs: number;
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
  /**
   * Outside the transaction, before it, in the parts' order: what an outside provider holds (a
   * failure stops the erasure), then the auth service's mark on the account (its tokens refused from
   * then on, everywhere once the caches have expired).
   */
  before?(db: Kysely<Database>, userId: string, options: ErasureOptions): Promise<void>;
  /** Inside the transaction, before any part erases: the addresses and numbers the person proved through it. */
  identifiers?(trx: Transaction<Database>, userId: string): Promise<KnownIdentifiers>;
  /** Of these addresses and numbers, those another account than `userId` proved through it (they are not the person's alone). */
  provedByOthers?(trx: Transaction<Database>, userId: string | null, candidates: { emails: string[]; phones: string[] }): Promise<string[]>;
  /** Inside the transaction: deletes or anonymises every row of its tables that names the person. */
  erase(trx: Transaction<Database>, person: Person, count: CountRows, options: ErasureOptions): Promise<void>;
}

/** The moment `ms` before `now`: where a retention period ends. */
export const before = (now: Date, ms: number) => new Date(now.getTime() - ms);

/** A text array as a subquery, for `column in ${textList(values)}`. */
export const textList = (values: string[]) => sql`(select unnest(${values}::text[]))`;

/** A value inside a LIKE pattern, its wildcards escaped. */
export const likeEscaped = (value: string) => value.replace(/[\\%_]/g, (character) => `\\${character}`);

/** The addresses and numbers the person owns: what messages and codes to them are keyed by. */
export const recipientsOf = (person: Person) => [...person.emails, ...person.phones];

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
