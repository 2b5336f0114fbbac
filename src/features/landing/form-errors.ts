/** A schema issue as zod reports it: the path of the field and the message key. */
interface Issue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/**
 * One message per field, the first issue's, translated (the landing forms' schemas give message keys
 * in the 'common' namespace): what a form shows under each field after a refused submit.
 */
export function firstErrorPerField<Field extends string>(issues: readonly Issue[], translate: (key: string) => string): Partial<Record<Field, string>> {
  const found: Partial<Record<Field, string>> = {};
  for (const issue of issues) found[issue.path[0] as Field] ??= translate(issue.message);
  return found;
}
