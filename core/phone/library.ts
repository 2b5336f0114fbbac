/**
 * The one place that picks libphonenumber-js' metadata, for the browser and the server alike: 'max',
 * so a number the sign-up form calls valid is one the server accepts and texts, and a number with a
 * possible length but no real prefix (which 'min' lets through) is refused before any text is paid
 * for. The browser loads it lazily (src/ui/phone-input/phone-format.lazy.ts); its chunk is
 * ~20 KB (gzip) larger than with 'min', outside every page's first render (docs/architecture.md).
 * Everything of ours that parses a number imports libphonenumber-js through this file.
 */
export { AsYouType, isValidPhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js/max';
export type { CountryCode, PhoneNumber } from 'libphonenumber-js/max';
// The same metadata the functions above use (one module in the bundle), read for what they do not
// answer: which country a calling code belongs to first (parse.ts, callingCodeCountry).
export { default as phoneMetadata } from 'libphonenumber-js/max/metadata';
