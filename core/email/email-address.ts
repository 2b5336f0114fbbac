import { z } from 'zod';

const emailAddress = z.email();

/** The lower-cased domain of a syntactically valid address, or null. */
export function emailDomain(email: string): string | null {
  const trimmed = email.trim();
  if (!emailAddress.safeParse(trimmed).success) return null;
  return trimmed.slice(trimmed.lastIndexOf('@') + 1).toLowerCase();
}

/**
 * The names a domain is looked up under: itself and its parent domains (mail.yopmail.com matches
 * yopmail.com), never the bare top-level domain.
 */
export function domainCandidates(domain: string): string[] {
  const labels = domain.split('.');
  return labels.slice(0, -1).map((_, i) => labels.slice(i).join('.'));
}
