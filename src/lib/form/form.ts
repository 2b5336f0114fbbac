/**
 * The one form habit (docs/forms.md, decision 903): the payload's zod schema (the one the server
 * parses with), touched and submitted, errors in the reader's language, focus on the first error,
 * disabled while sending, and server codes → fields through one table per form. A plain store, so
 * its rules are tested without a DOM; `useForm` (./use-form) hands it to React. Imports nothing of
 * ours: lib is below everything.
 */

/** What a zod schema's `safeParse` answers; written out so lib imports neither zod nor core. */
export interface Schema<Out> {
  safeParse(input: unknown): { success: true; data: Out } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

export type Values = Record<string, string>;
export type Errors<V> = Partial<Record<keyof V, string>>;

export interface FormOptions<V extends Values, Out> {
  initial: V | (() => V);
  /** The payload's schema; undefined while it loads (nothing is checked until it is there). */
  schema: () => Schema<Out> | undefined;
  /** What the schema parses, built from the typed values (default: the values themselves). */
  input?: ((values: V) => unknown) | undefined;
  /** A schema message key or a server code → the reader's text (i18next's t in the form's namespace). */
  message: (key: string, field: keyof V) => string;
  /** Server codes → the field they are about; a code not in the table is the form's own to say. */
  codes?: Readonly<Record<string, keyof V>> | undefined;
}

export interface FormState<V> {
  values: V;
  touched: Partial<Record<keyof V, true>>;
  submitted: boolean;
  sending: boolean;
  /** The server's code per field, until that field is edited. */
  server: Partial<Record<keyof V, string>>;
}

/** Runs after the render that marked the fields (a fake in unit tests). */
export type AfterRender = (run: () => void) => void;
const nextFrame: AfterRender = (run) => void requestAnimationFrame(run);

export function createForm<V extends Values, Out>(options: FormOptions<V, Out>, afterRender: AfterRender = nextFrame) {
  const initial = options.initial;
  let state: FormState<V> = { values: typeof initial === 'function' ? initial() : initial, touched: {}, submitted: false, sending: false, server: {} };
  let input = options.input;
  const listeners = new Set<() => void>();
  let root: HTMLFormElement | null = null;

  const update = (next: Partial<FormState<V>>) => {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  };
  const parse = () => options.schema()?.safeParse((input ?? ((values: V) => values))(state.values));
  // Keyboard and screen-reader users land on the first message (fields mark it with aria-invalid).
  const focusFirst = () => afterRender(() => root?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

  /** The messages a reader sees: a field's once it was left or a submit was tried; the server's until edited. */
  function errors(): Errors<V> {
    const found: Errors<V> = {};
    const parsed = parse();
    for (const issue of parsed && !parsed.success ? parsed.error.issues : []) {
      const field = issue.path[0] as keyof V;
      if (state.submitted || state.touched[field]) found[field] ??= options.message(issue.message, field);
    }
    for (const field in state.server) found[field] = options.message(state.server[field] as string, field);
    return found;
  }

  /** Puts a server code on its field (and focus there); false when this form's table has no field for it. */
  function fail(code: string): boolean {
    const field = options.codes?.[code];
    if (field === undefined) return false;
    update({ server: { ...state.server, [field]: code } });
    focusFirst();
    return true;
  }

  /**
   * Checks the values with the schema and, when they pass, sends the parsed payload; the form is
   * busy until `send` settles. `using` replaces the input for this submit and the messages after it
   * (the demo's call-now needs no slot). Answers false when the schema had not arrived.
   */
  async function submit(send: (data: Out) => unknown, using = input): Promise<boolean> {
    if (state.sending) return true;
    input = using;
    const parsed = parse();
    update({ submitted: true, server: {} });
    if (!parsed) return false;
    if (!parsed.success) {
      focusFirst();
      return true;
    }
    update({ sending: true });
    try {
      await send(parsed.data);
    } finally {
      update({ sending: false });
    }
    return true;
  }

  return {
    /** The <form>'s ref: where the first error is looked for. */
    ref: (element: HTMLFormElement | null) => void (root = element),
    root: () => root,
    state: () => state,
    errors,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    set(field: keyof V, value: string) {
      const { [field]: _, ...server } = state.server;
      update({ values: { ...state.values, [field]: value }, server: server as FormState<V>['server'] });
    },
    touch(field: keyof V) {
      if (!state.touched[field]) update({ touched: { ...state.touched, [field]: true } });
    },
    /** Starts again: nothing touched or submitted, no server message (the sign-in's other method, another booking). */
    reset(values: Partial<V> = {}) {
      update({ values: { ...state.values, ...values }, touched: {}, submitted: false, server: {} });
    },
    fail,
    submit,
    setOptions(next: Pick<FormOptions<V, Out>, 'schema' | 'message' | 'codes'>) {
      Object.assign(options, next);
    },
  };
}

export type Form<V extends Values, Out> = ReturnType<typeof createForm<V, Out>>;

/**
 * A form submitted before what judging it needs had arrived (the schema, the phone formatter: both
 * fetched on intent): submits it again once that has come, so the person's press is not lost or
 * refused. A field that was waiting reports its real value first; a failed download sends nothing.
 */
export async function submitAgainOnceLoaded(form: HTMLFormElement, load: () => Promise<unknown>): Promise<void> {
  const ready = await load().then(
    () => true,
    () => false,
  );
  if (ready && form.isConnected) form.requestSubmit();
}
