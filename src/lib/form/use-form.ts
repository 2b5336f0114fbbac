import { useState, useSyncExternalStore, type FormEvent } from 'react';
import { createForm, type FormOptions, type Values } from './form';

/**
 * A form on the one habit (./form.ts, docs/forms.md): values, the errors to show, `sending`, and
 * handlers. The latest schema getter, translator and table are used on every render (the language
 * may change; a lazy schema may arrive), so messages are always in the reader's language.
 */
export function useForm<V extends Values, Out>(options: FormOptions<V, Out>) {
  const [form] = useState(() => createForm<V, Out>({ ...options }));
  form.setOptions(options);
  const state = useSyncExternalStore(form.subscribe, form.state, form.state);
  return {
    ...state,
    errors: form.errors(),
    /** The <form> element's ref callback (where the first error is looked for). */
    attach: form.ref,
    root: form.root,
    set: form.set,
    touch: form.touch,
    reset: form.reset,
    fail: form.fail,
    submit: form.submit,
    /** An onSubmit handler: no page load, then `submit(send)`. */
    onSubmit: (send: (data: Out) => unknown) => (event: FormEvent) => {
      event.preventDefault();
      void form.submit(send);
    },
  };
}
