import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * Social / OIDC sign-in configuration (#35), read from the environment by GoTrue's names without
 * its `GOTRUE_` prefix. None is built in: a provider exists when its client id is set.
 *
 *   EXTERNAL_GOOGLE_CLIENT_ID, EXTERNAL_GOOGLE_SECRET
 *   EXTERNAL_AZURE_CLIENT_ID, EXTERNAL_AZURE_SECRET, EXTERNAL_AZURE_ISSUER (the tenant's)
 *   EXTERNAL_APPLE_CLIENT_ID and EXTERNAL_APPLE_SECRET (a client secret JWT made beforehand), or
 *     EXTERNAL_APPLE_TEAM_ID, EXTERNAL_APPLE_KEY_ID, EXTERNAL_APPLE_PRIVATE_KEY (we sign it)
 *   EXTERNAL_CUSTOM_<NAME>_ISSUER, _CLIENT_ID, _SECRET → provider `custom:<name>`
 *   EXTERNAL_<PROVIDER>_ISSUER overrides any provider's issuer (self-hosted providers, tests)
 *   SECURITY_MANUAL_LINKING_ENABLED (GoTrue's; off by default)
 *   DEV_IDENTITY_PROVIDER: the built-in test provider outside production (server/dev/identity-provider.ts)
 */

export type ProviderKind = 'google' | 'azure' | 'apple' | 'custom';

export interface ProviderConfig {
  /** The name on the wire: `google`, `azure`, `apple` or `custom:<name>`. */
  name: string;
  kind: ProviderKind;
  issuer: string;
  clientId: string;
  /** The client secret (Apple: a client secret JWT made beforehand, when no signing key is given). */
  secret?: string | undefined;
  /** Apple's signing key: the client secret JWT is signed with it (./apple-secret.ts). */
  appleKey?: { teamId: string; keyId: string; privateKey: string } | undefined;
  /** Plain-http and loopback issuers allowed (outside production only: the dev provider, tests). */
  insecure?: boolean;
}

export interface SocialConfig {
  providers: ProviderConfig[];
  manualLinking: boolean;
  devIdentityProvider: boolean;
}

/** Each built-in provider's issuer unless EXTERNAL_<P>_ISSUER says otherwise. */
const DEFAULT_ISSUERS: Record<Exclude<ProviderKind, 'custom' | 'azure'>, string> = {
  google: 'https://accounts.google.com',
  apple: 'https://appleid.apple.com',
};

/** `custom:<name>` names: lower-case letters, digits and hyphens (an env name's `_` becomes `-`). */
export const CUSTOM_NAME = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/;

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'expected true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const text = z.string().trim().min(1);

/**
 * Whether a host is this machine or a private network's (GoTrue's SSRF guard on issuers in
 * production): a literal IP in a loopback, private, link-local or unique-local range, or localhost.
 */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal')) return true;
  const version = isIP(host);
  if (version === 4) {
    const [a = 0, b = 0] = host.split('.').map(Number);
    return a === 0 || a === 10 || a === 127 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127);
  }
  if (version === 6) {
    if (host === '::1' || host === '::') return true;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(host);
    if (mapped) return isPrivateHost(mapped[1]!);
    return /^f[cd]/.test(host) || /^fe[89ab]/.test(host);
  }
  return false;
}

/** Why an issuer URL is refused, or null: production accepts https on a public host only. */
export function issuerProblem(issuer: string, production: boolean): string | null {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    return 'expected the issuer URL, such as https://accounts.google.com';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'expected an http(s) issuer URL';
  if (url.search || url.hash) return 'expected an issuer URL without query or fragment';
  if (!production) return null;
  if (url.protocol !== 'https:') return 'expected an https:// issuer in production';
  if (isPrivateHost(url.hostname)) return 'expected a public issuer in production (loopback and private addresses are refused)';
  return null;
}

type Source = Record<string, string | undefined>;
type Issue = { name: string; message: string };

function builtIn(kind: 'google' | 'azure' | 'apple', source: Source, issues: Issue[]): ProviderConfig | null {
  const prefix = `EXTERNAL_${kind.toUpperCase()}_`;
  if (source[`${prefix}ENABLED`] !== undefined && !flag.safeParse(source[`${prefix}ENABLED`]).data) return null;
  const clientId = source[`${prefix}CLIENT_ID`];
  if (!clientId) return null;
  const issuer = source[`${prefix}ISSUER`] ?? (kind === 'azure' ? undefined : DEFAULT_ISSUERS[kind]);
  if (!issuer) {
    // Microsoft's 'common' endpoint answers each tenant's issuer in its ID tokens; the tenant is named.
    issues.push({ name: `${prefix}ISSUER`, message: 'required with EXTERNAL_AZURE_CLIENT_ID: your tenant\'s issuer, https://login.microsoftonline.com/<tenant id>/v2.0' });
    return null;
  }
  const secret = source[`${prefix}SECRET`];
  if (kind === 'apple') {
    const teamId = source.EXTERNAL_APPLE_TEAM_ID;
    const keyId = source.EXTERNAL_APPLE_KEY_ID;
    const privateKey = source.EXTERNAL_APPLE_PRIVATE_KEY?.replace(/\\n/g, '\n');
    if (teamId && keyId && privateKey) return { name: kind, kind, issuer, clientId, appleKey: { teamId, keyId, privateKey } };
    if (!secret) issues.push({ name: `${prefix}SECRET`, message: 'required with EXTERNAL_APPLE_CLIENT_ID: a client secret JWT, or EXTERNAL_APPLE_TEAM_ID, EXTERNAL_APPLE_KEY_ID and EXTERNAL_APPLE_PRIVATE_KEY' });
    return { name: kind, kind, issuer, clientId, secret };
  }
  if (!secret) issues.push({ name: `${prefix}SECRET`, message: `required with ${prefix}CLIENT_ID: the client secret the provider issued` });
  return { name: kind, kind, issuer, clientId, secret };
}

function customProviders(source: Source, issues: Issue[]): ProviderConfig[] {
  const names = new Set<string>();
  for (const key of Object.keys(source)) {
    const match = /^EXTERNAL_CUSTOM_([A-Z0-9_]+)_(ISSUER|CLIENT_ID|SECRET)$/.exec(key);
    if (match) names.add(match[1]!);
  }
  const providers: ProviderConfig[] = [];
  for (const envName of names) {
    const prefix = `EXTERNAL_CUSTOM_${envName}_`;
    const name = envName.toLowerCase().replace(/_/g, '-');
    if (!CUSTOM_NAME.test(name)) {
      issues.push({ name: `${prefix}ISSUER`, message: 'expected a name of letters, digits and single underscores, such as EXTERNAL_CUSTOM_ACME_SSO_ISSUER' });
      continue;
    }
    const issuer = source[`${prefix}ISSUER`];
    const clientId = source[`${prefix}CLIENT_ID`];
    const secret = source[`${prefix}SECRET`];
    const missing = (['ISSUER', 'CLIENT_ID', 'SECRET'] as const).filter((part) => !source[`${prefix}${part}`]);
    if (missing.length > 0 || !issuer || !clientId) {
      issues.push({ name: `${prefix}${missing[0] ?? 'ISSUER'}`, message: `required for provider custom:${name}: ISSUER, CLIENT_ID and SECRET go together` });
      continue;
    }
    providers.push({ name: `custom:${name}`, kind: 'custom', issuer, clientId, secret });
  }
  return providers;
}

const switches = z.object({
  SECURITY_MANUAL_LINKING_ENABLED: flag.default(false),
  DEV_IDENTITY_PROVIDER: flag.optional(),
});

/**
 * Reads the providers from the environment. Problems come back as issues (one per variable) for
 * parseEnv to print as one line each; the server does not start with any of them.
 */
export function parseSocialConfig(source: Source, nodeEnv: 'development' | 'production' | 'test'): { config: SocialConfig; issues: Issue[] } {
  const issues: Issue[] = [];
  const parsedSwitches = switches.safeParse(source);
  if (!parsedSwitches.success) {
    for (const issue of parsedSwitches.error.issues) issues.push({ name: issue.path.join('.'), message: issue.message });
  }
  const production = nodeEnv === 'production';
  const providers = [builtIn('google', source, issues), builtIn('azure', source, issues), builtIn('apple', source, issues), ...customProviders(source, issues)].filter(
    (provider): provider is ProviderConfig => provider !== null,
  );
  for (const provider of providers) {
    const problem = issuerProblem(provider.issuer, production);
    const envName = provider.kind === 'custom' ? `EXTERNAL_CUSTOM_${provider.name.slice(7).toUpperCase().replace(/-/g, '_')}_ISSUER` : `EXTERNAL_${provider.kind.toUpperCase()}_ISSUER`;
    if (problem) issues.push({ name: envName, message: problem });
    if (!text.safeParse(provider.clientId).success) issues.push({ name: envName.replace(/_ISSUER$/, '_CLIENT_ID'), message: 'expected the client id the provider issued' });
  }
  const manualLinking = parsedSwitches.data?.SECURITY_MANUAL_LINKING_ENABLED ?? false;
  // The dev provider: on by default in development, asked for in tests, never in production.
  const devIdentityProvider = !production && (parsedSwitches.data?.DEV_IDENTITY_PROVIDER ?? nodeEnv === 'development');
  if (production && parsedSwitches.data?.DEV_IDENTITY_PROVIDER) issues.push({ name: 'DEV_IDENTITY_PROVIDER', message: 'the built-in test identity provider never runs in production' });
  return { config: { providers, manualLinking, devIdentityProvider }, issues };
}
