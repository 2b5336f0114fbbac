import type { FormEvent } from 'react';

/**
 * After a refused submit, focus goes to the first thing to fix (a field marked aria-invalid, else
 * the first choice of a group whose error is shown), not left on the button, so keyboard and
 * screen-reader users land where the message is. Runs after React has rendered the errors.
 */
export function focusFirstProblem(event: FormEvent): void {
  const form = event.currentTarget as HTMLFormElement;
  requestAnimationFrame(() => {
    const target =
      form.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      form.querySelector<HTMLElement>('fieldset[aria-describedby] input, fieldset[data-invalid] input');
    target?.focus();
  });
}
