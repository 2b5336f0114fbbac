/**
 * The claims of an access token, read without checking its signature (the server checks it): what
 * the browser needs from its own session's token (expiry, issue time, assurance, whose it is). Tiny
 * and free of the session chart, so the product API client reads a token's user without it.
 */
export function decodeClaims(accessToken: string): Record<string, unknown> {
  const part = accessToken.split('.')[1];
  if (!part) return {};
  try {
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (part.length % 4)) % 4));
    const claims: unknown = JSON.parse(json);
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
