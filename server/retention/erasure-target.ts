import type { Kysely } from 'kysely';
import { z } from 'zod';
import { AccountDirectory } from '../auth/directory';
import { accountsProving } from '../auth/proofs';
import type { Database } from '../db/schema';
import { HttpError } from '../http/errors';
import { EMAIL_MAX_LENGTH, isEmailAddress } from '../../core/email/email-address';
import { toE164 } from '../../core/phone/parse';

/** Who the team was asked to erase: an account, or an address or number no account proved (#41). */
export type ErasureTarget = { kind: 'account'; userId: string } | { kind: 'address'; emails: string[]; phones: string[] };

/** What `kyc-admin erase` and POST /admin/erasures take: a user id, an email address or a phone number. */
export const erasureRefSchema = z.string().trim().min(1).max(EMAIL_MAX_LENGTH);

const uuid = z.uuid();

/**
 * The account a reference names, by what accounts PROVED: a user id, or the account that confirmed
 * this email or phone (on the account, or as a verified phone factor). A profile field or a pending
 * change is a claim and names no account: the reference is then an address of its own (a demo
 * booker's), erased as such. 400 for a reference that is none of the three, 404 for an id no
 * account has, 409 when two accounts proved the same number (erase by id).
 */
export async function erasureTargetOf(db: Kysely<Database>, ref: string): Promise<ErasureTarget> {
  const value = ref.trim();
  if (uuid.safeParse(value).success) {
    if (!(await new AccountDirectory(db).identity(value))) throw new HttpError(404, 'USER_NOT_FOUND', `No user has the id ${value}`);
    return { kind: 'account', userId: value };
  }
  const address = addressOf(value);
  const owners = [...new Set((await accountsProving(db, address.emails, address.phones)).map((proof) => proof.userId))];
  if (owners.length > 1) throw new HttpError(409, 'AMBIGUOUS_USER', `${value} was proved by several accounts; use the user id`);
  return owners.length === 1 ? { kind: 'account', userId: owners[0]! } : { kind: 'address', ...address };
}

function addressOf(value: string): { emails: string[]; phones: string[] } {
  if (value.includes('@')) {
    if (!isEmailAddress(value)) throw new HttpError(400, 'INVALID_REFERENCE', `${value} is not an email address`);
    return { emails: [value.toLowerCase()], phones: [] };
  }
  const phone = toE164(value);
  if (!phone) throw new HttpError(400, 'INVALID_REFERENCE', 'Give a user id, an email address or a phone number in international format (+33…)');
  return { emails: [], phones: [phone] };
}
