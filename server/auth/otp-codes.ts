import { randomBytes, randomInt } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import { CODE_LIFETIME_MS, CODE_MAX_WRONG_TRIES, CODE_PATTERN, CODE_SPACE, codeOf, RESEND_COOLDOWN_MS } from '../../core/auth-codes';
import type { CaptchaProof } from '../captcha/require-captcha';
import { otpExpired } from './errors';
import { SecretBox } from './secret';
import { admitSend, sendSlotKey } from './send-rules';
import type { AuthService } from './service';
import type { AuthOtpsTable, Channel, OtpPurpose } from './tables';

export type OtpRow = Selectable<AuthOtpsTable>;

/**
 * A new 6-digit code for (purpose, recipient): CSPRNG, stored only as an HMAC bound to purpose and
 * recipient, valid CODE_LIFETIME_MS, replacing any earlier unused one. The send rule (send-rules.ts)
 * decides first whether this recipient may get a message now (429 over_*_send_rate_limit if not).
 */
export async function issueCode(
  service: AuthService,
  input: {
    purpose: OtpPurpose;
    channel: Channel;
    recipient: string;
    /** The client address that asked: its wrong guesses are the owner's pool. */
    ip: string;
    userId?: string | null;
    data?: Record<string, unknown>;
    codeChallenge?: string | null;
    codeChallengeMethod?: string | null;
    withLink?: boolean;
    /** The captcha the request spent (its work is checked against the send's price). */
    captcha?: CaptchaProof | null;
  },
): Promise<{ code: string; linkToken: string | null; row: OtpRow }> {
  await admitSend(service, { channel: input.channel, purpose: input.purpose, recipient: input.recipient, userId: input.userId ?? null, ip: input.ip, captcha: input.captcha ?? null });
  const now = service.now();

  const code = codeOf(randomInt(0, CODE_SPACE));
  const linkToken = input.withLink ? randomBytes(24).toString('base64url') : null;
  // Earlier unused codes are spent by the same statement that stores the new one (one round trip,
  // and no moment where both or neither are live). The CTE's update and the insert see the same
  // snapshot, so the new row is never the one spent.
  const row = await service.db
    .with('spent', (db) =>
      db
        .updateTable('auth_otps')
        .set({ consumed_at: now })
        .where('recipient', '=', input.recipient)
        .where('purpose', '=', input.purpose)
        .where('consumed_at', 'is', null)
        .returning('id'),
    )
    .insertInto('auth_otps')
    .values({
      purpose: input.purpose,
      channel: input.channel,
      recipient: input.recipient,
      user_id: input.userId ?? null,
      code_hash: service.box.hash('otp', input.purpose, input.recipient, code),
      link_token_hash: linkToken ? service.box.hash('link', linkToken) : null,
      code_challenge: input.codeChallenge ?? null,
      code_challenge_method: input.codeChallengeMethod ?? null,
      data: JSON.stringify(input.data ?? {}),
      created_at: now,
      expires_at: new Date(now.getTime() + CODE_LIFETIME_MS),
      requested_ip: input.ip,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { code, linkToken, row };
}

/**
 * Checks a typed code against the latest live code for (purpose, recipient) in constant time.
 * Wrong, expired, unknown, used and locked-out codes all give the same 403 otp_expired. Success
 * consumes it (single use, also under concurrency) and frees the recipient's send slot.
 *
 * Each check first takes one try with one atomic `update … returning`, then compares, so concurrent
 * guesses on several instances each take their own. Tries come from two pools of
 * CODE_MAX_WRONG_TRIES: the client that asked for the code, and everyone else. The owner's last
 * wrong try kills the code; a guess storm from other addresses only empties their own pool, so the
 * owner can still sign in with the code on their phone (#25 finding 11). A code can be compared at
 * most twice CODE_MAX_WRONG_TRIES times.
 */
export async function consumeCode(service: AuthService, input: { purposes: OtpPurpose[]; recipient: string; code: string; ip: string }): Promise<OtpRow> {
  const now = service.now();
  const latestLive = service.db
    .selectFrom('auth_otps')
    .select('id')
    .where('recipient', '=', input.recipient)
    .where('purpose', 'in', input.purposes)
    .where('consumed_at', 'is', null)
    .orderBy('created_at', 'desc')
    .limit(1);
  const owner = sql<boolean>`(requested_ip is not distinct from ${input.ip})`;
  const row = await service.db
    .updateTable('auth_otps')
    .set({
      attempts: sql<number>`attempts + case when ${owner} then 1 else 0 end`,
      other_attempts: sql<number>`other_attempts + case when ${owner} then 0 else 1 end`,
    })
    .where('id', '=', latestLive)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .where(sql<boolean>`case when ${owner} then attempts < ${CODE_MAX_WRONG_TRIES} else other_attempts < ${CODE_MAX_WRONG_TRIES} end`)
    .returningAll()
    .executeTakeFirst();
  const candidate = CODE_PATTERN.test(input.code) ? input.code : '';
  if (!row) {
    // Same work as a real comparison (one keyed hash, one constant-time compare against a stored
    // hash), so timing does not tell whether a code exists.
    SecretBox.equal(service.box.hash('otp', 'signin', input.recipient, candidate), noCodeHash(service));
    throw otpExpired();
  }
  const matches = SecretBox.equal(service.box.hash('otp', row.purpose, input.recipient, candidate), row.code_hash);
  if (!matches) {
    // The owner's last try spent: the code is dead, and a new one may be sent after the cooldown.
    if (row.requested_ip === input.ip && row.attempts >= CODE_MAX_WRONG_TRIES) {
      await service.db.updateTable('auth_otps').set({ consumed_at: now }).where('id', '=', row.id).where('consumed_at', 'is', null).execute();
    }
    throw otpExpired();
  }
  return markConsumed(service, row);
}

/** What a missing code is compared with: a hash no code has, made once per service (it stands for the stored one). */
const noCodeHashes = new WeakMap<AuthService, string>();
function noCodeHash(service: AuthService): string {
  let hash = noCodeHashes.get(service);
  if (hash === undefined) {
    hash = service.box.hash('otp', 'none', '', '');
    noCodeHashes.set(service, hash);
  }
  return hash;
}

/**
 * The code behind an email link (`token_hash`), consumed, when it was sent for one of `purposes`. A
 * link is only good for what it was sent for: an email-confirmation link proves an address and
 * starts no session, so the sign-in routes do not accept it (#25 finding 3).
 */
export async function consumeLink(service: AuthService, tokenHash: string, purposes: readonly OtpPurpose[]): Promise<OtpRow> {
  const row = await service.db
    .selectFrom('auth_otps')
    .selectAll()
    .where('link_token_hash', '=', service.box.hash('link', tokenHash))
    .where('purpose', 'in', purposes)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  if (!row || new Date(row.expires_at).getTime() <= service.now().getTime()) throw otpExpired();
  return markConsumed(service, row);
}

/**
 * Spends the code and frees its recipient's send slot, in one statement (one commit: #29), but only
 * the slot this code's own send took: a slot taken since (a newer send, whose code may not be stored
 * yet, or a text of another purpose to the same phone) ends later than this code's creation plus the
 * cooldown, and stays taken. Freeing it was how "one text per 60 s" let two through (#34.3): a code
 * used while another send held the phone's slot handed that slot to the next send.
 */
async function markConsumed(service: AuthService, row: OtpRow): Promise<OtpRow> {
  const now = service.now();
  const ownSlotEnd = new Date(new Date(row.created_at).getTime() + RESEND_COOLDOWN_MS);
  const consumed = await service.db
    .with('consumed', (db) => db.updateTable('auth_otps').set({ consumed_at: now }).where('id', '=', row.id).where('consumed_at', 'is', null).returning('id'))
    .with('freed', (db) =>
      db
        .updateTable('auth_send_slots')
        .set({ free_at: now })
        .where('key', '=', sendSlotKey(row))
        .where('free_at', '<=', ownSlotEnd)
        .where((eb) => eb.exists(eb.selectFrom('consumed').select('consumed.id')))
        .returning('key'),
    )
    .selectFrom('consumed')
    .select('consumed.id')
    .executeTakeFirst();
  if (!consumed) throw otpExpired();
  return row;
}
