/**
 * The sign-up contracts, one import for the server and the browser. Two modules behind it:
 * - landing-search.ts: the landing pages' search params, read during the first render (plain checks,
 *   no zod);
 * - signup-forms.ts: the form, check, completion and booking schemas (zod's chained API, phone
 *   validation through core/phone, on libphonenumber-js' 'max' metadata), which the browser loads on submit.
 * The build treats core/contracts as free of side effects (vite.config.ts), so a page that imports
 * only the search parser from here does not download the form schemas.
 */
export * from './landing-search';
export * from './signup-forms';
