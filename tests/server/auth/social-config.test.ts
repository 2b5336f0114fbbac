import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from '../../../server/config/env';

/** Providers by configuration only (#35.1): what starts, what stops the server, and the line it prints. */
const parse = (env: Record<string, string>) => parseEnv({ NODE_ENV: 'test', ...env });
const refusal = (env: Record<string, string>) => {
  try {
    parseEnv(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
};
const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://ringwise.test' };

describe('social provider configuration', () => {
  it('none is built in', () => {
    const env = parse({});
    expect(env.social.providers).toEqual([]);
    expect(env.social.manualLinking).toBe(false);
    expect(env.social.devIdentityProvider).toBe(false);
  });

  it("Google by GoTrue's names, its issuer overridable; custom providers named custom:<name>", () => {
    const env = parse({
      EXTERNAL_GOOGLE_CLIENT_ID: 'g-id',
      EXTERNAL_GOOGLE_SECRET: 'g-secret',
      EXTERNAL_CUSTOM_ACME_SSO_ISSUER: 'https://sso.acme.example',
      EXTERNAL_CUSTOM_ACME_SSO_CLIENT_ID: 'acme',
      EXTERNAL_CUSTOM_ACME_SSO_SECRET: 'acme-secret',
      SECURITY_MANUAL_LINKING_ENABLED: 'true',
    });
    expect(env.social.providers.map((provider) => [provider.name, provider.issuer])).toEqual([
      ['google', 'https://accounts.google.com'],
      ['custom:acme-sso', 'https://sso.acme.example'],
    ]);
    expect(env.social.manualLinking).toBe(true);
    expect(parse({ EXTERNAL_GOOGLE_CLIENT_ID: 'g', EXTERNAL_GOOGLE_SECRET: 's', EXTERNAL_GOOGLE_ISSUER: 'http://127.0.0.1:9999' }).social.providers[0]!.issuer).toBe('http://127.0.0.1:9999');
  });

  it('a provider missing a part stops the server with one line naming it, never printing a secret', () => {
    const message = refusal({ NODE_ENV: 'test', EXTERNAL_GOOGLE_CLIENT_ID: 'g-id' });
    expect(message).toBe('Missing environment variable EXTERNAL_GOOGLE_SECRET: required with EXTERNAL_GOOGLE_CLIENT_ID: the client secret the provider issued');
    const custom = refusal({ NODE_ENV: 'test', EXTERNAL_CUSTOM_X_ISSUER: 'https://x.example', EXTERNAL_CUSTOM_X_SECRET: 'hunter2' });
    expect(custom.split('\n')).toHaveLength(1);
    expect(custom).toContain('EXTERNAL_CUSTOM_X_CLIENT_ID');
    expect(custom).not.toContain('hunter2');
    expect(refusal({ NODE_ENV: 'test', EXTERNAL_AZURE_CLIENT_ID: 'a', EXTERNAL_AZURE_SECRET: 's' })).toContain('EXTERNAL_AZURE_ISSUER');
  });

  it('production: https public issuers only (no http, loopback or private address), and never the dev provider', () => {
    const custom = (issuer: string) => ({ ...production, EXTERNAL_CUSTOM_X_ISSUER: issuer, EXTERNAL_CUSTOM_X_CLIENT_ID: 'x', EXTERNAL_CUSTOM_X_SECRET: 's' });
    expect(refusal(custom('http://sso.example.com'))).toBe('Invalid environment variable EXTERNAL_CUSTOM_X_ISSUER="http://sso.example.com": expected an https:// issuer in production');
    for (const issuer of ['https://127.0.0.1', 'https://localhost:8443', 'https://10.1.2.3', 'https://192.168.0.4', 'https://169.254.169.254', 'https://[::1]', 'https://[fd00::1]', 'https://172.20.0.1']) {
      expect(refusal(custom(issuer)), issuer).toContain('loopback and private addresses are refused');
    }
    expect(parseEnv(custom('https://sso.example.com')).social.providers).toHaveLength(1);
    expect(refusal({ ...production, DEV_IDENTITY_PROVIDER: 'true' })).toContain('DEV_IDENTITY_PROVIDER');
    expect(parseEnv(production).social.devIdentityProvider).toBe(false);
    // Outside production a loopback issuer is how tests and the dev provider run.
    expect(parse({ EXTERNAL_CUSTOM_X_ISSUER: 'http://127.0.0.1:1234', EXTERNAL_CUSTOM_X_CLIENT_ID: 'x', EXTERNAL_CUSTOM_X_SECRET: 's' }).social.providers).toHaveLength(1);
  });

  it('Apple: a client secret JWT, or the key we sign one with', () => {
    expect(refusal({ NODE_ENV: 'test', EXTERNAL_APPLE_CLIENT_ID: 'com.ringwise.web' })).toContain('EXTERNAL_APPLE_SECRET');
    const signed = parse({ EXTERNAL_APPLE_CLIENT_ID: 'com.ringwise.web', EXTERNAL_APPLE_TEAM_ID: 'TEAM', EXTERNAL_APPLE_KEY_ID: 'KEY', EXTERNAL_APPLE_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nabc\\n-----END PRIVATE KEY-----' });
    expect(signed.social.providers[0]).toMatchObject({ name: 'apple', issuer: 'https://appleid.apple.com', appleKey: { teamId: 'TEAM', keyId: 'KEY' } });
    expect(signed.social.providers[0]!.appleKey!.privateKey).toContain('\nabc\n');
  });
});
