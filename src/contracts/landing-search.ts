import { z } from 'zod/mini';

/**
 * The landing pages' search params (start page, /form, /demo, /email-form). Parsed while the page
 * first renders, so they are written with zod's tree-shakable `zod/mini` API: the first render then
 * carries a few KB of zod instead of the whole chained API (the form schemas in signup.ts load on
 * submit). Same rules as the chained form: every value optional, a bad one ignored, never fatal.
 */

const optionalParam = z.pipe(
  z.catch(z.optional(z.string().check(z.trim(), z.maxLength(254))), undefined),
  z.transform((value: string | undefined) => value || undefined),
);

/**
 * SPEC §2/§5: phone_number is text or a number, and a number gets a leading '+'. In a URL every
 * value is text, so "a number" means digits only; a '+' written unencoded in a query string arrives
 * as a space, which the trim removes before the same rule applies.
 */
export function normalizePhoneParam(value: string | number | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  const text = String(value).trim();
  if (!text) return undefined;
  return /^\d+$/.test(text) ? `+${text}` : text;
}

/** Search params of the start page, /form and /demo (all optional; bad values are ignored, not fatal). */
export const landingSearchSchema = z.object({
  email: optionalParam,
  first_name: optionalParam,
  last_name: optionalParam,
  company_name: optionalParam,
  phone_number: z.pipe(z.catch(z.optional(z.union([z.string().check(z.maxLength(32)), z.number()])), undefined), z.transform((value: string | number | undefined) => normalizePhoneParam(value))),
});
export type LandingSearch = z.infer<typeof landingSearchSchema>;

/** /email-form takes the email only. */
export const emailFormSearchSchema = z.pick(landingSearchSchema, { email: true });

export function parseLandingSearch(search: string): LandingSearch {
  return landingSearchSchema.parse(Object.fromEntries(new URLSearchParams(search)));
}
