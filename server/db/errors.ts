/**
 * A unique index refused a row (SQLSTATE 23505), on Postgres and PGlite alike: the database decided
 * an "only one" rule under concurrency, and the caller turns it into a 4xx or an idempotent answer.
 * `index` narrows it to one constraint (its name appears in the constraint field or the message).
 */
export function isUniqueViolation(error: unknown, index?: string): boolean {
  const err = error as { code?: unknown; constraint?: unknown; message?: unknown } | null;
  if (!err || err.code !== '23505') return false;
  if (!index) return true;
  return String(err.constraint ?? '') === index || String(err.message ?? '').includes(index);
}
