/**
 * The landing pages' search params (start page, /form, /demo, /email-form), SPEC §2/§5: every value
 * optional, a bad one ignored, never fatal. They are read while the page first renders and only
 * prefill the form (whose schemas, in signup-forms.ts, check what is submitted, here and on the
 * server), so they are plain checks with no zod: the first render carries no zod at all (#16). This
 * module is their one definition.
 */
import { prefilledPhone } from '../phone/prefill';

/** Longest prefill kept (an email's longest form); a longer value is ignored. */
const maxParamLength = 254;
/** Longest phone_number kept, measured as given. */
const maxPhoneLength = 32;

/** A text prefill: trimmed; absent, empty, too long or not text → undefined. */
function textParam(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  return text && text.length <= maxParamLength ? text : undefined;
}

/**
 * SPEC §2/§5: phone_number is text or a number, and a number gets a leading '+' (unless it starts
 * with 0: a national number, see core/phone/prefill.ts, the rule's one home). In a URL every value is
 * text, so "a number" means digits only; a '+' written unencoded in a query string arrives as a
 * space, which the trim removes before the same rule applies.
 */
export function normalizePhoneParam(value: string | number | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  const text = String(value).trim();
  return text ? prefilledPhone(text) : undefined;
}

function phoneParam(value: unknown): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? normalizePhoneParam(value) : undefined;
  if (typeof value !== 'string' || value.length > maxPhoneLength) return undefined;
  return normalizePhoneParam(value);
}

/** Each prefill the address gave, or undefined. */
export interface LandingSearch {
  email: string | undefined;
  first_name: string | undefined;
  last_name: string | undefined;
  company_name: string | undefined;
  phone_number: string | undefined;
}

/** The prefill of the start page, /form and /demo from named values (a number allowed for phone_number). */
export function landingSearchFrom(values: Record<string, unknown>): LandingSearch {
  return {
    email: textParam(values.email),
    first_name: textParam(values.first_name),
    last_name: textParam(values.last_name),
    company_name: textParam(values.company_name),
    phone_number: phoneParam(values.phone_number),
  };
}

export function parseLandingSearch(search: string): LandingSearch {
  return landingSearchFrom(Object.fromEntries(new URLSearchParams(search)));
}

/** /email-form takes the email only. */
export function parseEmailFormSearch(search: string): Pick<LandingSearch, 'email'> {
  return { email: landingSearchFrom(Object.fromEntries(new URLSearchParams(search))).email };
}
