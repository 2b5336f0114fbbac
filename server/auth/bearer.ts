/** The token of an `Authorization: Bearer <token>` header, or null. */
export function readBearer(header: string | string[] | undefined): string | null {
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1] ?? null;
}
