/**
 * Every path prefix the server answers itself. Everything else is the SPA: the production server
 * falls back to index.html for it, and the dev server proxies these prefixes to the API process.
 */
export const serverPrefixes = [
  '/auth/v1',
  '/v1',
  '/v2',
  '/functions/v1',
  '/greetings',
  '/geo',
  '/analytics',
  '/checkout',
  '/webhooks',
  '/dev',
  '/admin',
  '/config.json',
  '/healthz',
  '/readyz',
] as const;

export function isServerPath(path: string): boolean {
  return serverPrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`));
}
