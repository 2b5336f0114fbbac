import { generateAuthenticationOptions, verifyAuthenticationResponse, type AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireCaptcha } from '../../captcha/require-captcha';
import { passkeySignInLevel } from '../assurance';
import { AuthApiError } from '../errors';
import { startSession } from '../sessions';
import { factorsOf, findAuthUserById } from '../users';
import { spendChallenge, storeChallenge } from './challenges';
import { authenticationCredential, parseCredential } from './credential-schemas';
import { verificationFailed } from './errors';
import { PASSKEY_LIMITS } from './limits';
import { expectedOrigin, rpIdOf } from './relying-party';
import { passkeyByCredentialId, type PasskeyRow } from './store';

/**
 * `POST /passkeys/authentication/options`: a challenge for any discoverable passkey of this site (no
 * user named, so the answer tells a stranger nothing about accounts). As GoTrue: rate-limited per
 * address, then the captcha (`gotrue_meta_security.captcha_token`, 400 captcha_failed), so every
 * challenge row a stranger makes was paid for.
 */
export async function authenticationOptions(app: FastifyInstance, request: FastifyRequest, captchaToken: string | null | undefined) {
  const service = app.authService;
  await service.limit(`passkeys:options:ip:${request.ip}`, PASSKEY_LIMITS.authenticationOptionsPerIp);
  await requireCaptcha(app, request, captchaToken);
  const options = await generateAuthenticationOptions({ rpID: rpIdOf(app.env), userVerification: 'required', timeout: 5 * 60_000 });
  const stored = await storeChallenge(service, { kind: 'authentication', challenge: options.challenge });
  return { challenge_id: stored.id, options, expires_at: stored.expiresAt };
}

/**
 * `POST /passkeys/authentication/verify`: the assertion checked, then a session. In this order: the
 * shape (zod), the challenge spent (once, by the database), the passkey found by its credential id
 * and, when the browser names a user handle, that user must own it; then the signature over
 * authenticatorData‖SHA-256(clientData) with the stored key, the challenge, origin, RP ID, user
 * verification and a signature count above the stored one (@simplewebauthn/server). Every refusal
 * is GoTrue's 400 webauthn_verification_failed, so the answer does not say which check failed.
 */
export async function authenticationVerify(app: FastifyInstance, request: FastifyRequest, body: { challenge_id: string; credential: unknown }) {
  const service = app.authService;
  const credential = parseCredential(authenticationCredential, body.credential) as AuthenticationResponseJSON;
  await service.limit(`passkeys:verify:ip:${request.ip}`, PASSKEY_LIMITS.authenticationVerifyPerIp);
  const challenge = await spendChallenge(service, body.challenge_id, { kind: 'authentication' });
  const passkey = await passkeyByCredentialId(service.db, credential.id);
  if (!passkey || credential.rawId !== credential.id) throw verificationFailed();
  const handle = credential.response.userHandle;
  if (handle !== undefined && Buffer.from(handle, 'base64url').toString('utf8') !== passkey.user_id) throw verificationFailed();
  const verified = await verifyAuthenticationResponse({
    response: credential,
    expectedChallenge: challenge.challenge,
    expectedOrigin: expectedOrigin(app),
    expectedRPID: rpIdOf(app.env),
    credential: { id: passkey.credential_id, publicKey: new Uint8Array(passkey.public_key), counter: Number(passkey.sign_count), transports: passkey.transports as never },
    requireUserVerification: true,
  }).catch((error: unknown) => {
    request.log.info({ err: error, passkey: passkey.id }, 'passkey assertion refused');
    return null;
  });
  if (!verified?.verified) throw verificationFailed();
  await recordUse(app, passkey, verified.authenticationInfo.newCounter);
  const user = await findAuthUserById(service.db, passkey.user_id);
  if (!user) throw verificationFailed();
  if (user.banned_until && new Date(user.banned_until).getTime() > service.now().getTime()) throw new AuthApiError(403, 'user_banned', 'User is banned');
  const hasVerifiedFactor = (await factorsOf(service.db, user.id)).some((factor) => factor.status === 'verified');
  const aal = passkeySignInLevel({ hasVerifiedFactor, userVerified: verified.authenticationInfo.userVerified, addedAtSecondStep: passkey.second_step });
  return startSession(service, user, {
    method: 'passkey',
    aal,
    ...(aal === 'aal2' ? { factorId: passkey.id } : {}),
    userAgent: request.headers['user-agent'],
    ip: request.ip,
  });
}

/**
 * The new signature count and the time of use, only if no other sign-in stored a count as high
 * meanwhile (two assertions with one count, each to its own challenge, on two instances: one
 * passes). Authenticators that keep no count (synced passkeys send 0 every time) stay at 0.
 */
async function recordUse(app: FastifyInstance, passkey: PasskeyRow, newCounter: number): Promise<void> {
  const now = app.authService.now();
  const updated = await app.authService.db
    .updateTable('auth_passkeys')
    .set({ sign_count: newCounter, last_used_at: now, updated_at: now })
    .where('id', '=', passkey.id)
    .where((eb) => (newCounter === 0 ? eb('sign_count', '=', 0) : eb('sign_count', '<', newCounter)))
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw verificationFailed();
}
