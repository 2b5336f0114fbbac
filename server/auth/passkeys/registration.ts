import { generateRegistrationOptions, verifyRegistrationResponse, type RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isUniqueViolation } from '../../db/errors';
import { passkeyAddedAtSecondStep, requirePasskeyManagement } from '../assurance';
import type { Authenticated, AuthService } from '../service';
import { gotrueSpelling } from '../../../core/phone/spelling';
import { spendChallenge, storeChallenge } from './challenges';
import { parseCredential, registrationCredential } from './credential-schemas';
import { authenticatorName } from './devices';
import { anonymousRefused, credentialExists, tooManyPasskeys, verificationFailed } from './errors';
import { PASSKEY_LIMITS } from './limits';
import { expectedOrigin, RP_NAME, rpIdOf } from './relying-party';
import { MAX_PASSKEYS_PER_USER, passkeysOf } from './store';

/** The caller of a passkey change: signed in, not anonymous, and at aal2 once the account has a second step. */
async function authenticateManager(service: AuthService, request: FastifyRequest): Promise<Authenticated> {
  const auth = await service.authenticate(request);
  if (auth.user.is_anonymous) throw anonymousRefused();
  requirePasskeyManagement(auth);
  await service.limit(`passkeys:manage:user:${auth.user.id}`, PASSKEY_LIMITS.managePerUser);
  return auth;
}

/** `POST /passkeys/registration/options`: creation options for a discoverable, user-verified passkey. */
export async function registrationOptions(app: FastifyInstance, request: FastifyRequest) {
  const service = app.authService;
  const { user, session } = await authenticateManager(service, request);
  const existing = await passkeysOf(service.db, user.id);
  if (existing.length >= MAX_PASSKEYS_PER_USER) throw tooManyPasskeys();
  const name = user.email || (user.phone ? `+${gotrueSpelling(user.phone)}` : user.id);
  const displayName = typeof user.user_metadata.name === 'string' && user.user_metadata.name ? user.user_metadata.name : name;
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rpIdOf(app.env),
    // GoTrue's user handle: the user id's text. Sign-in reads it back from the passkey.
    userID: new TextEncoder().encode(user.id),
    userName: name,
    userDisplayName: displayName,
    attestationType: 'none',
    // The same authenticator twice would be one more row for one device.
    excludeCredentials: existing.map((row) => ({ id: row.credential_id, transports: row.transports })),
    authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
    timeout: 5 * 60_000,
  });
  const stored = await storeChallenge(service, { kind: 'registration', challenge: options.challenge, userId: user.id, sessionId: session.id });
  return { challenge_id: stored.id, options, expires_at: stored.expiresAt };
}

/**
 * `POST /passkeys/registration/verify`: the attestation checked against the challenge this session
 * asked for (origin, RP ID, user verification), then stored under the 10-per-user limit, counted
 * with the user's row locked so two verifies at once cannot both be the tenth.
 */
export async function registrationVerify(app: FastifyInstance, request: FastifyRequest, body: { challenge_id: string; credential: unknown }) {
  const service = app.authService;
  const auth = await authenticateManager(service, request);
  const credential = parseCredential(registrationCredential, body.credential) as RegistrationResponseJSON;
  const challenge = await spendChallenge(service, body.challenge_id, { kind: 'registration', sessionId: auth.session.id });
  const verified = await verifyRegistrationResponse({
    response: credential,
    expectedChallenge: challenge.challenge,
    expectedOrigin: expectedOrigin(app),
    expectedRPID: rpIdOf(app.env),
    requireUserVerification: true,
  }).catch((error: unknown) => {
    request.log.info({ err: error }, 'passkey registration refused');
    return null;
  });
  if (!verified?.verified) throw verificationFailed();
  const info = verified.registrationInfo;
  const now = service.now();
  const aaguid = info.aaguid === '00000000-0000-0000-0000-000000000000' ? null : info.aaguid;
  const row = await service.db.transaction().execute(async (trx) => {
    await trx.selectFrom('auth_users').select('id').where('id', '=', auth.user.id).forUpdate().executeTakeFirst();
    const count = await trx.selectFrom('auth_passkeys').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', auth.user.id).executeTakeFirstOrThrow();
    if (Number(count.n) >= MAX_PASSKEYS_PER_USER) throw tooManyPasskeys();
    return trx
      .insertInto('auth_passkeys')
      .values({
        user_id: auth.user.id,
        credential_id: info.credential.id,
        public_key: info.credential.publicKey,
        sign_count: info.credential.counter,
        transports: JSON.stringify(info.credential.transports ?? credential.response.transports ?? []),
        aaguid,
        friendly_name: authenticatorName(aaguid) ?? 'Passkey',
        user_agent: request.headers['user-agent']?.slice(0, 512) ?? null,
        backed_up: info.credentialBackedUp,
        second_step: passkeyAddedAtSecondStep(auth),
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }).catch((error: unknown) => {
    if (isUniqueViolation(error, 'auth_passkeys_credential')) throw credentialExists();
    throw error;
  });
  return { id: row.id, friendly_name: row.friendly_name, created_at: new Date(row.created_at).toISOString() };
}
