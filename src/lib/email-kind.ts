import { z } from 'zod';
import data from './generated/email-domains.json';

/**
 * What kind of address an email is, from maintained lists (the `freemail` free-mail list and the
 * union of the `freemail` and `mailchecker` disposable lists, generated into
 * generated/email-domains.json by email-domains.source.ts):
 * - `invalid`: not an email address at all;
 * - `disposable`: a throw-away inbox — sign-up refuses it;
 * - `personal`: a free-mail provider (gmail.com, orange.fr…) — sign-up asks "That looks like a
 *   personal email";
 * - `work`: anything else — what sign-up recommends.
 *
 * Synchronous and usable on the server as is. The lists weigh ≈2 MB, so browser code must NOT import
 * this file statically: it goes through email-kind.lazy.ts, which loads it as a separate chunk.
 */
export type EmailKind = 'work' | 'personal' | 'disposable' | 'invalid';

export interface EmailDomainLists {
  free: ReadonlySet<string>;
  disposable: ReadonlySet<string>;
}

const emailAddress = z.email();

let lists: EmailDomainLists | undefined;

/** The sets are built on first use (≈120 000 entries), not when the module loads. */
export function emailDomainLists(): EmailDomainLists {
  lists ??= { free: new Set(data.free.split('\n')), disposable: new Set(data.disposable.split('\n')) };
  return lists;
}

/** The lower-cased domain of a syntactically valid address, or null. */
export function emailDomain(email: string): string | null {
  const trimmed = email.trim();
  if (!emailAddress.safeParse(trimmed).success) return null;
  return trimmed.slice(trimmed.lastIndexOf('@') + 1).toLowerCase();
}

/**
 * A domain matches when it or one of its parent domains is listed (mail.yopmail.com is disposable
 * because yopmail.com is); the bare top-level domain is never looked up.
 */
export function classifyEmail(email: string, domainLists: EmailDomainLists = emailDomainLists()): EmailKind {
  const domain = emailDomain(email);
  if (!domain) return 'invalid';
  const labels = domain.split('.');
  const candidates = labels.slice(0, -1).map((_, i) => labels.slice(i).join('.'));
  // Disposable first: a few temp-mail services also appear on the free-mail list.
  if (candidates.some((candidate) => domainLists.disposable.has(candidate))) return 'disposable';
  if (candidates.some((candidate) => domainLists.free.has(candidate))) return 'personal';
  return 'work';
}
