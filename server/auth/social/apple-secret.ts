import { importPKCS8, SignJWT } from 'jose';
import type { ProviderConfig } from './config';

/** Apple accepts a client secret JWT for at most six months; ours is made fresh each day or so. */
const LIFETIME_SECONDS = 7 * 24 * 3600;

/**
 * Apple's client secret: a JWT signed (ES256) with the team's key from the Apple developer account,
 * issuer the team, subject the Services ID, audience Apple. Made with jose, never written anywhere.
 */
export async function appleClientSecret(provider: ProviderConfig, now = new Date()): Promise<string> {
  if (!provider.appleKey) throw new Error('apple: no signing key configured');
  const { teamId, keyId, privateKey } = provider.appleKey;
  const key = await importPKCS8(privateKey, 'ES256');
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: keyId })
    .setIssuer(teamId)
    .setSubject(provider.clientId)
    .setAudience('https://appleid.apple.com')
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + LIFETIME_SECONDS)
    .sign(key);
}
