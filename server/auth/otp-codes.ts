import { randomBytes, randomInt } from 'node:crypto';
import type { Selectable } from 'kysely';
import { frequencyLimit, otpExpired } from './errors';
import { LIMITS } from './rate-limit';
import { SecretBox } from './secret';
import type { AuthService } from './service';
import type { AuthOtpsTable, Channel, OtpPurpose } from './tables';

export const OTP_TTL_MS = 10 * 60_000;
export const OTP_MAX_ATTEMPTS = 5;
export const RESEND_COOLDOWN_MS = 60_000;

export type OtpRow = Selectable<AuthOtpsTable>;

const sendLimitCode = (channel: Channel) => (channel === 'sms' ? 'over_sms_send_rate_limit' : 'over_email_send_rate_limit');

/**
 * A new 6-digit code for (purpose, recipient): CSPRNG, stored only as an HMAC bound to purpose and
 * recipient, valid 10 minutes, replacing any earlier unused one. At most one send per 60 s and
 * LIMITS.sendsPerRecipient per hour to one address (429 over_*_send_rate_limit).
 */
export async function issueCode(
  service: AuthService,
  input: {
    purpose: OtpPurpose;
    channel: Channel;
    recipient: string;
    userId?: string | null;
    data?: Record<string, unknown>;
    codeChallenge?: string | null;
    codeChallengeMethod?: string | null;
    withLink?: boolean;
  },
): Promise<{ code: string; linkToken: string | null; row: OtpRow }> {
  const now = service.now();
  const last = await service.db
    .selectFrom('auth_otps')
    .select(['created_at', 'consumed_at', 'attempts'])
    .where('recipient', '=', input.recipient)
    // One clock per kind, as GoTrue keeps it: a sign-in code does not hold back a recovery email.
    .where('purpose', '=', input.purpose)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  // The cooldown keeps unread codes from piling up on one phone or inbox. A code that was just used
  // (consumed before its tries ran out) is read: the person signing in right after signing up gets a
  // new code at once instead of a 60 s wall. The hourly per-address limit below still applies.
  const lastWasUsed = Boolean(last?.consumed_at) && (last?.attempts ?? 0) < OTP_MAX_ATTEMPTS;
  if (last && !lastWasUsed) {
    const elapsed = now.getTime() - new Date(last.created_at).getTime();
    if (elapsed < RESEND_COOLDOWN_MS) throw frequencyLimit(sendLimitCode(input.channel), Math.ceil((RESEND_COOLDOWN_MS - elapsed) / 1000));
  }
  const wait = await service.limiter.hit(`send:${input.recipient}`, LIMITS.sendsPerRecipient.limit, LIMITS.sendsPerRecipient.windowMs);
  if (wait > 0) throw frequencyLimit(sendLimitCode(input.channel), wait);

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
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
      expires_at: new Date(now.getTime() + OTP_TTL_MS),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { code, linkToken, row };
}

/**
 * Checks a typed code against the latest live code for (purpose, recipient) in constant time.
 * Wrong, expired, unknown, used and locked-out codes all give the same 403 otp_expired; the fifth
 * wrong try kills the code. Success consumes it (single use, also under concurrency).
 *
 * Each check first takes one try from the code with one atomic `update … returning` (attempts + 1,
 * only while under the limit), then compares: concurrent guesses on several instances each take
 * their own try, so a burst of wrong guesses cannot get more than OTP_MAX_ATTEMPTS compared.
 */
export async function consumeCode(service: AuthService, input: { purposes: OtpPurpose[]; recipient: string; code: string }): Promise<OtpRow> {
  const now = service.now();
  const latestLive = service.db
    .selectFrom('auth_otps')
    .select('id')
    .where('recipient', '=', input.recipient)
    .where('purpose', 'in', input.purposes)
    .where('consumed_at', 'is', null)
    .orderBy('created_at', 'desc')
    .limit(1);
  const row = await service.db
    .updateTable('auth_otps')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', latestLive)
    .where('consumed_at', 'is', null)
    .where('attempts', '<', OTP_MAX_ATTEMPTS)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
  const candidate = /^\d{6}$/.test(input.code) ? input.code : '';
  if (!row) {
    // Same work as a real comparison (one keyed hash, one constant-time compare against a stored
    // hash), so timing does not tell whether a code exists.
    SecretBox.equal(service.box.hash('otp', 'signin', input.recipient, candidate), noCodeHash(service));
    throw otpExpired();
  }
  const matches = SecretBox.equal(service.box.hash('otp', row.purpose, input.recipient, candidate), row.code_hash);
  if (!matches) {
    // The last try spent: the code is dead, and a new one may be sent after the usual cooldown.
    if (row.attempts >= OTP_MAX_ATTEMPTS) {
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

/** The code behind an email link (`token_hash`), consumed. */
export async function consumeLink(service: AuthService, tokenHash: string): Promise<OtpRow> {
  const row = await service.db
    .selectFrom('auth_otps')
    .selectAll()
    .where('link_token_hash', '=', service.box.hash('link', tokenHash))
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  if (!row || new Date(row.expires_at).getTime() <= service.now().getTime()) throw otpExpired();
  return markConsumed(service, row);
}

async function markConsumed(service: AuthService, row: OtpRow): Promise<OtpRow> {
  const result = await service.db
    .updateTable('auth_otps')
    .set({ consumed_at: service.now() })
    .where('id', '=', row.id)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw otpExpired();
  return row;
}
