import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { EmailKind } from '../../core/email/email-kind';
import type { LegitimacyReason } from '../../core/contracts/onboarding';
import type { KycStatus } from '../../core/contracts/user';
import { parsePhoneNumberFromString } from '../../core/phone/library';
import { phoneBlock } from '../../core/phone/spelling';

/**
 * The identity-legitimacy check: a list of small, explainable rules. Each rule says pass, review
 * (with a weight) or reject, and why. The verdict: any reject → REJECTED; review weights adding up to
 * REVIEW_THRESHOLD or more → PENDING_REVIEW (a person decides with the admin tool); else VALIDATED.
 * Every verdict is stored with its reasons (legitimacy_checks) so a reviewer sees why.
 */
export const REVIEW_THRESHOLD = 2;

export const velocityLimits = {
  /** Sign-ups checked from one IP address in 24 hours before a review is asked / before rejecting. */
  perIpReview: 10,
  perIpReject: 50,
  ipWindowMs: 24 * 3600_000,
  /** Sign-ups with the same number prefix (all but the last 4 digits) in one hour. */
  perPrefixReview: 3,
  prefixWindowMs: 3600_000,
} as const;

export interface LegitimacyInput {
  email: string | null;
  phone: string | null;
  /** The auth service confirmed this exact number with a code. */
  phoneVerified: boolean;
  website: string | null;
  companyName: string | null;
  ip: string | null;
  /** Counts of earlier rule-based checks sharing this IP / number prefix within their windows. */
  recentFromIp: number;
  recentWithPrefix: number;
}

export interface Verdict {
  status: KycStatus;
  score: number;
  reasons: (LegitimacyReason & { weight: number })[];
  ipCountry: string | null;
  phonePrefix: string | null;
  emailDomain: string | null;
}

type Reason = Verdict['reasons'][number];
const pass = (rule: string, detail: string): Reason => ({ rule, outcome: 'pass', detail, weight: 0 });
const review = (rule: string, detail: string, weight = 1): Reason => ({ rule, outcome: 'review', detail, weight });
const reject = (rule: string, detail: string): Reason => ({ rule, outcome: 'reject', detail, weight: 0 });

/** The reference data the rules read, loaded on first use (reference-data.ts). */
export interface LegitimacyLookups {
  ipCountry: (ip: string) => string | null;
  emailKind: (email: string) => EmailKind;
}

/** The number's block of 10,000 (core/phone/spelling.ts, the send budget's block too). */
export function phonePrefixOf(phone: string | null): string | null {
  return phoneBlock(phone);
}

export function domainOfEmail(email: string | null): string | null {
  const at = email?.lastIndexOf('@') ?? -1;
  return email && at > 0 ? email.slice(at + 1).toLowerCase() : null;
}

export function domainOfWebsite(website: string | null): string | null {
  if (!website) return null;
  try {
    const url = new URL(/^https?:\/\//i.test(website) ? website : `https://${website}`);
    return url.hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return null;
  }
}

/** Registrable-ish domain: the last two labels, or three for second-level public suffixes (co.uk). */
function baseDomain(host: string): string {
  const labels = host.split('.');
  const secondLevel = /^(co|com|org|net|gov|ac|edu)$/.test(labels.at(-2) ?? '') && (labels.at(-1)?.length ?? 0) === 2;
  return labels.slice(secondLevel ? -3 : -2).join('.');
}

const LETTER = /\p{L}/u;
const PLACEHOLDER_NAMES = /^(test|asdf|qwerty|aaa+|xxx+|abc|company|my company|none|n\/?a|null|foo|bar|demo|sample)$/i;

export function evaluate(input: LegitimacyInput, lookups: LegitimacyLookups): Verdict {
  const reasons: Reason[] = [];

  // 1. The phone was confirmed with a code.
  reasons.push(
    input.phoneVerified ? pass('phone_verified', 'The phone number was confirmed with a code') : review('phone_verified', 'The phone number was not confirmed with a code', 2),
  );

  // 2. The number is real, and its country matches where the visitor is.
  const ipCountry = input.ip ? lookups.ipCountry(input.ip) : null;
  const parsed = input.phone ? parsePhoneNumberFromString(input.phone) : undefined;
  if (!parsed?.isValid()) {
    reasons.push(reject('phone_valid', input.phone ? 'The phone number is not a valid number' : 'No phone number was given'));
  } else {
    const type = parsed.getType();
    if (type === 'PREMIUM_RATE' || type === 'SHARED_COST') reasons.push(reject('phone_valid', `The number is a ${type.toLowerCase().replace('_', ' ')} number`));
    else if (type === 'VOIP') reasons.push(review('phone_valid', 'The number is a VoIP number'));
    else reasons.push(pass('phone_valid', `A valid ${parsed.country ?? 'international'} number`));
    if (!ipCountry) reasons.push(pass('phone_country', 'The visitor’s country is unknown (private or local address)'));
    else if (parsed.country && parsed.country !== ipCountry)
      reasons.push(review('phone_country', `The number is from ${parsed.country} but the visitor connects from ${ipCountry}`));
    else reasons.push(pass('phone_country', `The number and the visitor are both in ${ipCountry}`));
  }

  // 3. Work, personal or throw-away email address.
  const emailKind = input.email ? lookups.emailKind(input.email) : 'invalid';
  const emailDomain = domainOfEmail(input.email);
  if (emailKind === 'disposable') reasons.push(reject('email_kind', `${emailDomain ?? 'The address'} is a disposable email provider`));
  else if (emailKind === 'invalid') reasons.push(reject('email_kind', 'The email address is not valid'));
  else if (emailKind === 'personal') reasons.push(review('email_kind', `${emailDomain} is a personal email provider, not a work address`));
  else reasons.push(pass('email_kind', `${emailDomain} is a work email domain`));

  // 4. The company website belongs to the same organisation as the work email.
  const siteDomain = domainOfWebsite(input.website);
  if (!siteDomain) reasons.push(pass('website_domain', 'No website was given'));
  else if (emailKind !== 'work' || !emailDomain) reasons.push(review('website_domain', `The website ${siteDomain} cannot be matched with a personal email address`));
  else if (baseDomain(siteDomain) === baseDomain(emailDomain)) reasons.push(pass('website_domain', `The website and the email share ${baseDomain(siteDomain)}`));
  else reasons.push(review('website_domain', `The website ${siteDomain} does not match the email domain ${emailDomain}`));

  // 5. The company name looks like a name.
  const name = input.companyName?.trim() ?? '';
  if (!name) reasons.push(review('company_name', 'No company name was given'));
  else if (name.length < 2 || !LETTER.test(name) || PLACEHOLDER_NAMES.test(name) || /(.)\1{4,}/.test(name))
    reasons.push(review('company_name', `“${name}” does not look like a company name`));
  else if (/https?:\/\/|www\./i.test(name)) reasons.push(review('company_name', 'The company name contains a web address'));
  else reasons.push(pass('company_name', 'The company name looks plausible'));

  // 6. Velocity: many sign-ups from one address, or many numbers from one block.
  // A private or loopback address (no country) is a proxy or a developer: counting it would flag
  // everyone behind it, so the per-IP rule only applies to public addresses.
  if (!ipCountry) reasons.push(pass('velocity_ip', 'Private or local address: sign-ups per address are not counted'));
  else if (input.recentFromIp >= velocityLimits.perIpReject) reasons.push(reject('velocity_ip', `${input.recentFromIp} sign-ups from this address in 24 hours`));
  else if (input.recentFromIp >= velocityLimits.perIpReview) reasons.push(review('velocity_ip', `${input.recentFromIp} sign-ups from this address in 24 hours`, 2));
  else reasons.push(pass('velocity_ip', `${input.recentFromIp} earlier sign-ups from this address in 24 hours`));
  if (input.recentWithPrefix >= velocityLimits.perPrefixReview)
    reasons.push(review('velocity_phone_prefix', `${input.recentWithPrefix} sign-ups with numbers from the same block in one hour`, 2));
  else reasons.push(pass('velocity_phone_prefix', `${input.recentWithPrefix} earlier sign-ups with numbers from the same block in one hour`));

  const score = reasons.reduce((sum, reason) => sum + reason.weight, 0);
  const status: KycStatus = reasons.some((reason) => reason.outcome === 'reject') ? 'REJECTED' : score >= REVIEW_THRESHOLD ? 'PENDING_REVIEW' : 'VALIDATED';
  return { status, score, reasons, ipCountry, phonePrefix: phonePrefixOf(input.phone), emailDomain };
}

/** Earlier rule-based checks (other users) sharing the IP / number prefix within their windows. */
export async function recentCounts(
  db: Kysely<Database>,
  userId: string,
  now: Date,
  ip: string | null,
  prefix: string | null,
): Promise<{ fromIp: number; withPrefix: number }> {
  const ipSince = new Date(now.getTime() - velocityLimits.ipWindowMs);
  const prefixSince = new Date(now.getTime() - velocityLimits.prefixWindowMs);
  const { rows } = await sql<{ from_ip: number; with_prefix: number }>`
    select
      (select count(distinct user_id) from legitimacy_checks
        where decided_by = 'rules' and ip = ${ip} and created_at >= ${ipSince} and user_id <> ${userId})::int as from_ip,
      (select count(distinct user_id) from legitimacy_checks
        where decided_by = 'rules' and phone_prefix = ${prefix} and created_at >= ${prefixSince} and user_id <> ${userId})::int as with_prefix`.execute(db);
  return { fromIp: Number(rows[0]?.from_ip ?? 0), withPrefix: Number(rows[0]?.with_prefix ?? 0) };
}
