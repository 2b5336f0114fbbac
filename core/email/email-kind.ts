import { domainCandidates, emailDomain } from './email-address';
import data from './generated/email-domains.json';

export { emailDomain };

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
 * Synchronous, for the server (≈2 MB of lists). The browser never loads it: it holds only the
 * free-mail list (email-kind.browser.ts, through email-kind.lazy.ts) and asks the server
 * (`GET /v1/email-kind`) about the rest, so the disposable list stays here.
 */
export type EmailKind = 'work' | 'personal' | 'disposable' | 'invalid';

export interface EmailDomainLists {
  free: ReadonlySet<string>;
  disposable: ReadonlySet<string>;
}

let lists: EmailDomainLists | undefined;

/** The sets are built on first use (≈120 000 entries), not when the module loads. */
export function emailDomainLists(): EmailDomainLists {
  lists ??= { free: new Set(data.free.split('\n')), disposable: new Set(data.disposable.split('\n')) };
  return lists;
}

/**
 * A domain matches when it or one of its parent domains is listed (mail.yopmail.com is disposable
 * because yopmail.com is); the bare top-level domain is never looked up.
 */
export function classifyEmail(email: string, domainLists: EmailDomainLists = emailDomainLists()): EmailKind {
  const domain = emailDomain(email);
  if (!domain) return 'invalid';
  const candidates = domainCandidates(domain);
  // Disposable first: a few temp-mail services also appear on the free-mail list.
  if (candidates.some((candidate) => domainLists.disposable.has(candidate))) return 'disposable';
  if (candidates.some((candidate) => domainLists.free.has(candidate))) return 'personal';
  return 'work';
}
