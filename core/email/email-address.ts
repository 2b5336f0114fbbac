/**
 * What an email address is, once for every side (#38.5): the sign-up and sign-in forms, the funnel's
 * address, the auth service, the product API and the legitimacy check. No zod here, so a page that
 * only checks an address (the sign-in page) does not load it; schemas use `emailAddressSchema`
 * (./email-schema), built from the same two facts.
 */

/** The longest address SMTP carries (RFC 5321's 256-octet path less its angle brackets). */
export const EMAIL_MAX_LENGTH = 254;

/** zod's own email pattern (z.regexes.email), so schema and plain check accept the same addresses. */
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** Whether `value` (already trimmed) is an email address we accept. */
export function isEmailAddress(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
}

/** The lower-cased domain of a syntactically valid address, or null. */
export function emailDomain(email: string): string | null {
  const trimmed = email.trim();
  if (!isEmailAddress(trimmed)) return null;
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
