import { sql } from 'kysely';
import { RESEND_COOLDOWN_MS } from '../../core/auth-codes';
import { phoneCountry } from '../../core/phone/parse';
import { phoneBlock } from '../../core/phone/spelling';
import { captchaFailed, type CaptchaProof } from '../captcha/require-captcha';
import { AuthApiError, frequencyLimit, overRequestRateLimit } from './errors';
import { LIMITS, SEND_WORK } from './rate-limit';
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
  /** The captcha the request spent, when its route requires one: its work is checked against the send's price. */
  captcha?: CaptchaProof | null;
}

const sendLimitCode = (channel: Channel) => (channel === 'sms' ? 'over_sms_send_rate_limit' : 'over_email_send_rate_limit');

/**
 * Which of `admitSend`'s rules refused a send, read from what it threw: the recipient's 60 s wait
 * ('cooldown': the code that holds the slot still works) or an hourly budget ('budget'), with the
 * seconds until a send may go; null for anything else (a captcha, a country, a fault).
 */
export function sendRefusal(error: unknown): { rule: 'cooldown' | 'budget'; retryAfterSeconds: number } | null {
  if (!(error instanceof AuthApiError)) return null;
  const rule = error.errorCode === 'over_request_rate_limit' ? 'budget' : error.errorCode === sendLimitCode('sms') || error.errorCode === sendLimitCode('email') ? 'cooldown' : null;
  if (!rule) return null;
  return { rule, retryAfterSeconds: Number(error.headers['retry-after'] ?? RESEND_COOLDOWN_MS / 1000) };
}
const HOUR_MS = 60 * 60_000;

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
 * challenges). Throws 429 over_*_send_rate_limit for the 60 s wait, 429 over_request_rate_limit for
 * a spent budget (core/auth-codes.ts: each names its wait), 400 captcha_failed when the solved
 * challenge was priced below this send, or 422 sms_send_failed for a country texts may not go to.
 *
 * 1. An unproven text's work: its challenge must be priced at most one level below what the send
 *    costs now with its real country (a challenge fetched for a quiet country does not buy a text
 *    to one under attack).
 * 2. The cooldown is decided by the database: one conditional upsert takes the recipient's slot
 *    until now + RESEND_COOLDOWN_MS, and only when it is free, so of twelve sends arriving at once on
 *    several instances exactly one gets through.
 * 3. Then the hourly budgets (decision 1000), counted through the shared hit counter. A refused
 *    budget gives the slot back, so a refusal costs the owner no minute.
 */
export async function admitSend(service: AuthService, send: Send): Promise<void> {
  // The number's country, read once: the allowed countries, the price and the country budget use it.
  const country = send.channel === 'sms' ? phoneCountry(send.recipient) : null;
  if (send.channel === 'sms') refuseUnlistedCountry(service, country);
  const proven = await isProven(service, send);
  if (send.channel === 'sms' && !proven) await checkWorkPaid(service, send, country);
  const now = service.now();
  const key = sendSlotKey(send);
  const taken = await takeSendSlot(service, key, now);
  if (taken.waitMs > 0) {
    service.metrics?.sendsRefused.inc({ rule: 'cooldown' });
    throw frequencyLimit(sendLimitCode(send.channel), Math.ceil(taken.waitMs / 1000));
  }
  try {
    await spendBudgets(service, send, { country, proven });
  } catch (error) {
    await giveBackSendSlot(service, key, taken.freeAt, taken.previous);
    throw error;
  }
}

/**
 * Proven: the send is for a (non-anonymous) account (a phone change, a two-step challenge), or the recipient is an account's confirmed
 * number or address asking a sign-in code (its owner proved it before). Anonymous sessions cost
 * nothing to make but a captcha, so their texts are unproven.
 */
async function isProven(service: AuthService, send: Send): Promise<boolean> {
  if (send.userId) {
    const account = await service.db.selectFrom('auth_users').select('is_anonymous').where('id', '=', send.userId).executeTakeFirst();
    if (account && !account.is_anonymous) return true;
  }
  if (send.purpose !== 'signin') return false;
  const column = send.channel === 'sms' ? 'phone' : 'email';
  const confirmed = send.channel === 'sms' ? 'phone_confirmed_at' : 'email_confirmed_at';
  const owner = await service.db.selectFrom('auth_users').select('id').where(column, '=', send.recipient).where(confirmed, 'is not', null).executeTakeFirst();
  return owner !== undefined;
}

/**
 * The metric label of a budget's key: its kind without whom it counts ('sms:country:FR' →
 * 'sms:country', 'send:+336…' → 'recipient'), so the label set stays bounded and names no one.
 */
export function budgetRule(key: string): string {
  if (key.startsWith('send:')) return 'recipient';
  const [channel, kind] = key.split(':');
  return kind ? `${channel}:${kind}` : (channel ?? 'unknown');
}

/** Budgets, in order: the recipient's hour; then proven texts' own, or unproven texts' per address, block, country and total. */
async function spendBudgets(service: AuthService, send: Send, context: { country: string | null; proven: boolean }): Promise<void> {
  const spend = async (key: string, limit: number) => {
    const counted = await service.limiter.count(key, limit, HOUR_MS);
    if (counted.wait > 0) {
      service.metrics?.sendsRefused.inc({ rule: budgetRule(key) });
      throw overRequestRateLimit(counted.wait);
    }
    return counted.count;
  };
  await spend(`send:${send.recipient}`, LIMITS.sendsPerRecipient.limit);
  if (send.channel !== 'sms') return;
  const env = service.env;
  if (send.userId) await spend(`sms:user:${send.userId}`, env.SMS_PER_ACCOUNT_PER_HOUR);
  if (context.proven) {
    await spend('sms:proven:all', env.SMS_PROVEN_PER_HOUR);
    return;
  }
  // An address's first text of the hour spends the first-text caps: a person in a country that a
  // botnet is pumping still gets their code (the botnet's repeat texts spend the others).
  const fromAddress = await spend(`sms:ip:${send.ip}`, env.SMS_PER_CLIENT_PER_HOUR);
  await spend(`sms:prefix:${phoneBlock(send.recipient) ?? send.recipient}`, env.SMS_PER_PREFIX_PER_HOUR);
  const cc = context.country ?? 'unknown';
  if (fromAddress === 1) {
    await spend(`sms:first-country:${cc}`, env.SMS_FIRST_PER_COUNTRY_PER_HOUR);
    await spend('sms:first-all', env.SMS_FIRST_PER_HOUR);
  } else {
    await spend(`sms:country:${cc}`, env.SMS_PER_COUNTRY_PER_HOUR);
    await spend('sms:all', env.SMS_PER_HOUR);
  }
}

/** The work level of the next unproven text from `ip` (to `country`, when known), and its challenge's maxNumber. */
export async function priceSendWork(service: AuthService, asker: { ip: string; country: string | null }): Promise<{ level: number; maxNumber: number }> {
  const limiter = service.limiter;
  const [fromAddress, countryRepeat, countryFirst, totalRepeat, totalFirst] = await Promise.all([
    limiter.peek(`sms:ip:${asker.ip}`),
    asker.country ? limiter.peek(`sms:country:${asker.country}`) : 0,
    asker.country ? limiter.peek(`sms:first-country:${asker.country}`) : 0,
    limiter.peek('sms:all'),
    limiter.peek('sms:first-all'),
  ]);
  const doublings = (count: number, free: number) => Math.max(0, Math.ceil(Math.log2(Math.max(1, count / free))));
  const addressLevel = Math.min(SEND_WORK.maxAddressLevel, doublings(fromAddress, SEND_WORK.addressFree));
  const shared = Math.max(doublings(countryRepeat + countryFirst, SEND_WORK.countryFree), doublings(totalRepeat + totalFirst, SEND_WORK.totalFree));
  const level = addressLevel + Math.min(SEND_WORK.maxSharedLevel, shared);
  return { level, maxNumber: workOfLevel(level, service.env.CAPTCHA_SEND_WORK) };
}

/** The challenge route's price (GET /auth/v1/captcha/challenge), after the asker's per-minute allowance of challenges. */
export async function priceChallenge(service: AuthService, ip: string, country: string | null): Promise<{ level: number; maxNumber: number }> {
  await service.limit(`captcha:ip:${ip}`, SEND_WORK.challengesPerIp);
  return priceSendWork(service, { ip, country });
}

/**
 * A level's maxNumber over the base, the service's CAPTCHA_SEND_WORK (the product's
 * SEND_WORK.baseMaxNumber unless a test lowers it): named by every caller, so none prices from a
 * base the service does not use.
 */
export const workOfLevel = (level: number, base: number) => base * 2 ** Math.max(0, level);

/** An ALTCHA proof must be worth the send's price now, less one level; hosted captchas and `off` prove no measured work. */
async function checkWorkPaid(service: AuthService, send: Send, country: string | null): Promise<void> {
  const paid = send.captcha?.maxNumber;
  if (paid === null || paid === undefined) return;
  const price = await priceSendWork(service, { ip: send.ip, country });
  if (paid < workOfLevel(price.level - 1, service.env.CAPTCHA_SEND_WORK)) throw captchaFailed('the work was priced for a quieter moment or country: fetch a new challenge');
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
