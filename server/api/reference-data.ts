import type { EmailKind } from '../../src/lib/email-kind';

/**
 * Reference data the server loads on first use rather than at start (#16: memory after start):
 * geoip-country reads its two databases (8 MB of Buffers) as its module loads, and the email domain
 * lists are 2 MB of JSON, 3.6 MB once a string (the server build puts a dynamic import in a chunk
 * of its own). Most processes answer many requests before the first sign-up check or email-kind
 * question needs them; that first one waits for the load (~0.1–0.3 s).
 */
let emailKinds: Promise<(email: string) => EmailKind> | undefined;
let ipCountries: Promise<(ip: string) => string | null> | undefined;

export function loadEmailKind(): Promise<(email: string) => EmailKind> {
  emailKinds ??= import('../../src/lib/email-kind').then((module) => (email: string) => module.classifyEmail(email));
  return emailKinds;
}

export function loadIpCountry(): Promise<(ip: string) => string | null> {
  ipCountries ??= import('geoip-country').then((module) => {
    const geoip = module.default;
    return (ip: string) => geoip.lookup(ip.replace(/^::ffff:/, ''))?.country ?? null;
  });
  return ipCountries;
}
