/** The details step's fields as typed (select values are '' until chosen). */
export type DetailsValues = { company_name: string; website: string; industry: string; job_role: string; country: string };

/** What the details schema (core/contracts/onboarding `detailsSchema`, the PATCH's own rules) parses: no website is null. */
export const detailsInput = (values: DetailsValues) => ({ ...values, website: values.website.trim() || null });

/**
 * The step's words for a refused field, 'onboarding' message keys: every field but the website is
 * required (an empty choice, spaces), and a website, when given, must be one.
 */
export const detailsMessageKey = (field: keyof DetailsValues) => (field === 'website' ? 'errors.invalidWebsite' : 'errors.required');
