import type { EmailKind } from '../../core/email/email-kind';

/**
 * Reference data the server loads on first use rather than at start (#16: memory after start): the
 * email domain lists are 2 MB of JSON, 3.6 MB once a string (the server build puts a dynamic import
 * in a chunk of its own). Most processes answer many requests before the first sign-up check or
 * email-kind question needs them; that first one waits for the load (~0.1–0.3 s). The IP's country
 * is the geo capability's (server/geo/country.ts), loaded the same way.
 */
let emailKinds: Promise<(email: string) => EmailKind> | undefined;

export function loadEmailKind(): Promise<(email: string) => EmailKind> {
  emailKinds ??= import('../../core/email/email-kind').then((module) => (email: string) => module.classifyEmail(email));
  return emailKinds;
}
