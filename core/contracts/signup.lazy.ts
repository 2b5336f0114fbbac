import { lazyChunk } from '../lazy-chunk';
import type * as SignupForms from './signup-forms';

/**
 * The browser's way to the form schemas (signup-forms.ts: zod's chained API and the phone rule, core/phone on libphonenumber-js'
 * 'max' metadata), a separate chunk downloaded when a form is about to be used
 * (`preloadSignupForms()` on the first focus or pointer-down in a form) or submitted, never for the
 * first render. `signupForms()` answers synchronously once it has arrived.
 */
const forms = lazyChunk<typeof SignupForms>(() => import('./signup-forms'));

export const preloadSignupForms = (): Promise<typeof SignupForms> => forms.load();

export const signupForms = (): typeof SignupForms | undefined => forms.loaded();
