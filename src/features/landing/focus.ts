/**
 * After a failed submit, keyboard and screen-reader users land on the first field in error (its
 * message is linked by aria-describedby). Runs after React has rendered the error state.
 */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
