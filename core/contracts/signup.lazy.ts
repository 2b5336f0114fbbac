import type * as SignupForms from './signup-forms';

/**
 * The browser's way to the form schemas (signup-forms.ts: zod's chained API and the phone rule, core/phone on libphonenumber-js'
 * 'max' metadata), a separate chunk downloaded when a form is about to be used
 * (`preloadSignupForms()` on the first focus or pointer-down in a form) or submitted, never for the
 * first render. `signupForms()` answers synchronously once it has arrived.
 */
let loaded: typeof SignupForms | undefined;
let loading: Promise<typeof SignupForms> | undefined;

export function preloadSignupForms(): Promise<typeof SignupForms> {
  loading ??= import('./signup-forms').then(
    (module) => (loaded = module),
    (error: unknown) => {
      // A failed chunk download may succeed next time: do not keep the rejection.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

export function signupForms(): typeof SignupForms | undefined {
  return loaded;
}
