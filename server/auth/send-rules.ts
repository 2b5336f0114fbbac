import { sql } from 'kysely';
import { RESEND_COOLDOWN_MS } from '../../core/auth-codes';
import { phoneCountry } from '../../core/phone/parse';
import { phoneBlock } from '../../core/phone/spelling';
import { AuthApiError, frequencyLimit } from './errors';
import { LIMITS } from './rate-limit';
import type { AuthService } from './service';
import type { Channel, OtpPurpose } from './tables';

/** One message about to carry a code: who gets it, why, and who asked. */
export interface Send {
  channel: Channel;
  /** The code's purpose; `mfa` for a two-step challenge. */
  purpose: OtpPurpose | 'mfa';
  /** E.164 with '+', or a lower-case email address. */
  recipient: string;
  /** The account the message is for or on behalf of, when there is one. */
  userId: string | null;
  /** The client address that asked. */
  ip: string;
}

const sendLimitCode = (channel: Channel) => (channel === 'sms' ? 'over_sms_send_rate_limit' : 'over_email_send_rate_limit');

/**
 * The recipient's cooldown slot. A phone has one slot whatever the purpose: every text costs money,
 * so a sign-in code, a phone change and a two-step challenge share "one per minute". An inbox keeps
 * one per purpose, as GoTrue does (a sign-in code does not hold back a recovery email). A code that
 * is used frees its slot at once, in the statement that spends it (otp-codes.ts `markConsumed`): a
 * person signing in right after signing up gets the next code without waiting.
 */
export function sendSlotKey(send: Pick<Send, 'channel' | 'purpose' | 'recipient'>): string {
  return send.channel === 'sms' ? `sms:${send.recipient}` : `${send.purpose}:${send.recipient}`;
}

/**
 * The one rule every code send goes through (sign-in, resend, phone and email changes, two-step
 * challenges). Throws 429 over_*_send_rate_limit (with the seconds to wait) or, for a country texts
 * may not go to, 422 sms_send_failed; otherwise the send may go ahead.
 *
 * 1. The cooldown is decided by the database: one conditional upsert takes the recipient's slot
 *    until now + RESEND_COOLDOWN_MS, and only when it is free, so of twelve sends arriving at once on
 *    several instances exactly one gets through.
 * 2. Then the hourly budgets, counted through the shared hit counter: per recipient (every channel);
 *    for texts also per client address, per account, per block of 10,000 numbers, per country and
 *    in total (SMS pumping: fresh numbers from many addresses still run into the prefix, country and
 *    total budgets). A refused budget gives the slot back, so a refusal costs the owner no minute.
 */
export async function admitSend(service: AuthService, send: Send): Promise<void> {
  // The number's country, read once: the allowed countries and the country budget both use it.
  const country = send.channel === 'sms' ? phoneCountry(send.recipient) : null;
  if (send.channel === 'sms') refuseUnlistedCountry(service, country);
  const now = service.now();
  const key = sendSlotKey(send);
  const taken = await takeSendSlot(service, key, now);
  if (taken.waitMs > 0) throw frequencyLimit(sendLimitCode(send.channel), Math.ceil(taken.waitMs / 1000));
  try {
    for (const budget of budgetsFor(service, send, country)) {
      const wait = await service.limiter.hit(budget.key, budget.limit, 60 * 60_000);
      if (wait > 0) throw frequencyLimit(sendLimitCode(send.channel), wait);
    }
  } catch (error) {
    await giveBackSendSlot(service, key, taken.freeAt, taken.previous);
    throw error;
  }
}

function budgetsFor(service: AuthService, send: Send, country: string | null): { key: string; limit: number }[] {
  const budgets: { key: string; limit: number }[] = [{ key: `send:${send.recipient}`, limit: LIMITS.sendsPerRecipient.limit }];
  if (send.channel !== 'sms') return budgets;
  const env = service.env;
  budgets.push({ key: `sms:ip:${send.ip}`, limit: env.SMS_PER_CLIENT_PER_HOUR });
  if (send.userId) budgets.push({ key: `sms:user:${send.userId}`, limit: env.SMS_PER_ACCOUNT_PER_HOUR });
  budgets.push(
    { key: `sms:prefix:${phoneBlock(send.recipient) ?? send.recipient}`, limit: env.SMS_PER_PREFIX_PER_HOUR },
    { key: `sms:country:${country ?? 'unknown'}`, limit: env.SMS_PER_COUNTRY_PER_HOUR },
    { key: 'sms:all', limit: env.SMS_PER_HOUR },
  );
  return budgets;
}

function refuseUnlistedCountry(service: AuthService, country: string | null): void {
  const allowed = service.env.SMS_COUNTRIES;
  if (allowed.length === 0) return;
  if (!country || !allowed.includes(country)) throw new AuthApiError(422, 'sms_send_failed', 'Texts to this country are not supported');
}

/**
 * Takes the slot when it is free (or new): `insert … on conflict do update … where free_at <= now`
 * returns a row only for the one statement that took it. Otherwise reads how long it stays taken.
 */
async function takeSendSlot(service: AuthService, key: string, now: Date): Promise<{ waitMs: number; freeAt: Date; previous: Date | null }> {
  const freeAt = new Date(now.getTime() + RESEND_COOLDOWN_MS);
  const { rows } = await sql<{ previous: Date | null }>`
    with before as (select free_at from auth_send_slots where key = ${key})
    insert into auth_send_slots (key, free_at) values (${key}, ${freeAt})
    on conflict (key) do update set free_at = excluded.free_at where auth_send_slots.free_at <= ${now}
    returning (select free_at from before) as previous`.execute(service.db);
  if (rows.length === 1) return { waitMs: 0, freeAt, previous: rows[0]?.previous ?? null };
  const held = await service.db.selectFrom('auth_send_slots').select('free_at').where('key', '=', key).executeTakeFirst();
  const waitMs = held ? new Date(held.free_at).getTime() - now.getTime() : RESEND_COOLDOWN_MS;
  return { waitMs: Math.max(1000, waitMs), freeAt, previous: null };
}

/** Puts the slot back as it was, unless another send has taken it since. */
async function giveBackSendSlot(service: AuthService, key: string, ours: Date, previous: Date | null): Promise<void> {
  await service.db
    .updateTable('auth_send_slots')
    .set({ free_at: previous ?? new Date(0) })
    .where('key', '=', key)
    .where('free_at', '=', ours)
    .execute();
}
