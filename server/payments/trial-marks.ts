import { createHmac, hkdfSync } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { findAuthUserById } from '../auth/users';
import type { Database } from '../db/schema';
import { trialMarkValue, type TrialMarkKind } from '../../core/payments/trial-marks';

/**
 * One free trial per person, remembered after erasure (docs/decisions/3704-one-trial-per-person.md).
 * A mark is HMAC-SHA256 of a proven phone, a proven email or a card fingerprint under a key derived
 * from the server secret (as the code hashes and the captcha keys are): the table names no one, and
 * a copy of the database alone cannot test a guessed number against it.
 */
export class TrialMarks {
  private readonly key: Buffer;

  constructor(serverSecret: Buffer) {
    this.key = Buffer.from(hkdfSync('sha256', serverSecret, 'ringwise-payments', 'trial-marks', 32));
  }

  digest(kind: TrialMarkKind, value: string): string {
    return createHmac('sha256', this.key).update(`${kind}:${trialMarkValue(kind, value)}`).digest('base64url');
  }

  /** The marks of what this account PROVED (a confirmed phone, a confirmed email); claims are not marks. */
  async ofAccount(db: Kysely<Database>, userId: string): Promise<Mark[]> {
    const user = await findAuthUserById(db, userId);
    const marks: Mark[] = [];
    if (user?.email && user.email_confirmed_at) marks.push(this.mark('email', user.email));
    if (user?.phone && user.phone_confirmed_at) marks.push(this.mark('phone', user.phone));
    return marks;
  }

  /** A card's mark: the local provider's card number, or Stripe's card fingerprint. */
  card(fingerprint: string): Mark {
    return this.mark('card', fingerprint);
  }

  private mark(kind: TrialMarkKind, value: string): Mark {
    return { kind, digest: this.digest(kind, value) };
  }
}

export interface Mark {
  kind: TrialMarkKind;
  digest: string;
}

/** Whether any of these marks already started a free trial. */
export async function anyMarked(db: Kysely<Database>, marks: Mark[]): Promise<boolean> {
  if (marks.length === 0) return false;
  const found = await db
    .selectFrom('trial_marks')
    .select('digest')
    .where('digest', 'in', marks.map((mark) => mark.digest))
    .limit(1)
    .executeTakeFirst();
  return found !== undefined;
}

/**
 * Records a trial's marks inside the transaction that starts it; false when one of them was already
 * there. The digest is the primary key: two accounts starting a trial at once with one card or one
 * number both insert it, the second waits for the first and finds it (on conflict do nothing), and
 * its caller rolls its trial back.
 */
export async function recordMarks(trx: Transaction<Database>, marks: Mark[], now: Date): Promise<boolean> {
  let fresh = true;
  for (const mark of uniqueMarks(marks)) {
    const inserted = await sql<{ digest: string }>`insert into trial_marks (digest, kind, recorded_at) values (${mark.digest}, ${mark.kind}, ${now})
      on conflict (digest) do nothing returning digest`.execute(trx);
    if (inserted.rows.length === 0) fresh = false;
  }
  return fresh;
}

function uniqueMarks(marks: Mark[]): Mark[] {
  return [...new Map(marks.map((mark) => [mark.digest, mark])).values()];
}
