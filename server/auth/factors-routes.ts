import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Selectable } from 'kysely';
import { generateSecret, generateURI, verify as verifyTotp } from 'otplib';
import { renderSVG } from 'uqr';
import { z } from 'zod';
import { isUniqueViolation } from '../db/errors';
import { requireSecondStep } from './assurance';
import { PHONE_EXISTS } from './accounts';
import { AuthApiError, overRequestRateLimit } from './errors';
import { resetFactorTries, takeFactorTry } from './factor-attempts';
import { deliver, providerDisabled } from './outbox';
import { LIMITS } from './rate-limit';
import { phoneHeldByAnother } from './proofs';
import { requirePhone } from './recipients';
import { admitSend } from './send-rules';
import { SecretBox } from './secret';
import type { Authenticated, AuthService } from './service';
import { hashRefreshToken, sessionResponse } from './sessions';
import { smsBody, languageOf } from './messages';
import { publicOrigin } from '../http/public-origin';
import { spendLookup } from '../rate-limits/lookup-budget';
import type { AmrEntry, AuthChallengesTable, AuthFactorsTable } from './tables';
import { findAuthUserById, UUID, type AuthUserRow } from './users';
import { CODE_PATTERN, CODE_SPACE, codeOf } from '../../core/auth-codes';
import { gotrueSpelling } from '../../core/phone/spelling';

export const CHALLENGE_TTL_MS = 5 * 60_000;
const MAX_FACTORS = 10;
const MAX_CHALLENGE_ATTEMPTS = 5;
const TOTP_PERIOD_SECONDS = 30;

type FactorRow = Selectable<AuthFactorsTable>;
type ChallengeRow = Selectable<AuthChallengesTable>;

const factorNotFound = () => new AuthApiError(404, 'mfa_factor_not_found', 'Factor not found');
const challengeExpired = (id: string) => new AuthApiError(422, 'mfa_challenge_expired', `MFA challenge ${id} has expired, verify against another challenge or create a new challenge.`);

/** Two enrolments with one name at once: the unique index decides, the loser gets GoTrue's 422. */
const nameConflict = (friendlyName: string | null) => (error: unknown): never => {
  if (isUniqueViolation(error, 'auth_factors_friendly_name')) {
    throw new AuthApiError(422, 'mfa_factor_name_conflict', `A factor with the friendly name "${friendlyName ?? ''}" for this user already exists`);
  }
  throw error;
};

const factorParams = z.object({ id: z.string().max(64) });
const enrolBody = z.object({
  factor_type: z.enum(['totp', 'phone', 'webauthn']),
  friendly_name: z.string().max(120).nullish(),
  issuer: z.string().max(120).nullish(),
  phone: z.string().max(32).nullish(),
});
const challengeBody = z.object({ channel: z.enum(['sms', 'whatsapp']).nullish() }).nullish();
const verifyBody = z.object({ challenge_id: z.string().max(64), code: z.string().max(16) });

/**
 * Multi-factor: enrol (TOTP per RFC 6238 with otplib, or a phone), challenge, verify (lifts the
 * session to aal2 with a new refresh token), unenrol. A TOTP step is accepted once per factor.
 */
export default async function factorsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/factors', { schema: { body: enrolBody } }, async (request) => enrolFactor(app, request, request.body));
  r.post('/factors/:id/challenge', { schema: { params: factorParams, body: challengeBody } }, async (request) =>
    challengeFactor(app, request, request.params.id, request.body),
  );
  r.post('/factors/:id/verify', { schema: { params: factorParams, body: verifyBody } }, async (request) =>
    verifyFactor(app.authService, request, request.params.id, request.body),
  );
  r.delete('/factors/:id', { schema: { params: factorParams } }, async (request) => unenrolFactor(app.authService, request, request.params.id));
}

/** The caller, who must not be anonymous (GoTrue's requireNotAnonymous). */
async function authenticateNamed(service: AuthService, request: FastifyRequest): Promise<Authenticated> {
  const auth = await service.authenticate(request);
  if (auth.user.is_anonymous) throw new AuthApiError(403, 'no_authorization', 'Anonymous user not allowed to perform these actions');
  return auth;
}

/** The user's factor with that id (GoTrue's loadFactor). */
async function ownedFactor(service: AuthService, userId: string, id: string): Promise<FactorRow> {
  // An id that is not a uuid is a 404 validation_failed, not an unknown factor.
  if (!UUID.test(id)) throw new AuthApiError(404, 'validation_failed', 'factor_id must be an UUID');
  const factor = await service.db.selectFrom('auth_factors').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!factor) throw factorNotFound();
  return factor;
}

/** `POST /factors`: a new, unverified factor (a phone, or a TOTP secret with its QR code). */
async function enrolFactor(app: FastifyInstance, request: FastifyRequest, body: z.infer<typeof enrolBody>) {
  const service = app.authService;
  const auth = await authenticateNamed(service, request);
  const { user } = auth;
  requireSecondStep(auth, 403, 'AAL2 required to enroll a new factor');
  await service.limit(`mfa:ip:${request.ip}`, LIMITS.mfaPerIp);
  if (body.factor_type === 'webauthn') throw new AuthApiError(422, 'mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
  const now = service.now();
  // Unverified factors older than a challenge's life are abandoned enrolments.
  await service.db
    .deleteFrom('auth_factors')
    .where('user_id', '=', user.id)
    .where('status', '=', 'unverified')
    .where('created_at', '<', new Date(now.getTime() - CHALLENGE_TTL_MS))
    .execute();
  const factors = await service.db.selectFrom('auth_factors').selectAll().where('user_id', '=', user.id).execute();
  if (factors.length >= MAX_FACTORS) throw new AuthApiError(422, 'too_many_enrolled_mfa_factors', 'Maximum number of enrolled factors reached, unenroll to continue');
  const friendlyName = body.friendly_name?.trim() || null;
  if (friendlyName && factors.some((factor) => factor.friendly_name === friendlyName)) {
    throw new AuthApiError(422, 'mfa_factor_name_conflict', `A factor with the friendly name "${friendlyName}" for this user already exists`);
  }
  if (body.factor_type === 'phone') return enrolPhone(app, request, user, factors, { friendlyName, phone: body.phone ?? '' }, now);
  return enrolTotp(app, user, { friendlyName, issuer: body.issuer }, now);
}

async function enrolPhone(app: FastifyInstance, request: FastifyRequest, user: AuthUserRow, factors: FactorRow[], asked: { friendlyName: string | null; phone: string }, now: Date) {
  const service = app.authService;
  const { friendlyName } = asked;
  const phone = requirePhone(asked.phone);
  if (factors.some((factor) => factor.factor_type === 'phone' && factor.phone === phone)) {
    throw new AuthApiError(422, 'phone_exists', 'A factor with this phone number already exists');
  }
  // Another account holder's number is never a factor here (#41); whether one holds it is said within the lookup budget only.
  const wait = await spendLookup(app, { ip: request.ip, userId: user.id });
  if (wait > 0) throw overRequestRateLimit(wait);
  if (await phoneHeldByAnother(service.db, phone, user.id)) throw new AuthApiError(422, 'phone_exists', PHONE_EXISTS);
  const factor = await service.db
    .insertInto('auth_factors')
    .values({ user_id: user.id, factor_type: 'phone', friendly_name: friendlyName, phone, secret: null, last_totp_step: null, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow()
    .catch(nameConflict(friendlyName));
  return { id: factor.id, type: 'phone', friendly_name: factor.friendly_name ?? '', phone: gotrueSpelling(phone) };
}

async function enrolTotp(app: FastifyInstance, user: AuthUserRow, asked: { friendlyName: string | null; issuer: string | null | undefined }, now: Date) {
  const service = app.authService;
  const { friendlyName } = asked;
  const secret = generateSecret();
  const issuer = asked.issuer?.trim() || new URL(publicOrigin(app)).hostname;
  const uri = generateURI({ issuer, label: user.email || user.phone || user.id, secret });
  const factor = await service.db
    .insertInto('auth_factors')
    .values({ user_id: user.id, factor_type: 'totp', friendly_name: friendlyName, phone: null, secret: service.box.encrypt(secret), last_totp_step: null, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow()
    .catch(nameConflict(friendlyName));
  return { id: factor.id, type: 'totp', friendly_name: factor.friendly_name ?? '', totp: { qr_code: renderSVG(uri), secret, uri } };
}

/** `POST /factors/{id}/challenge`: a challenge to verify against; a phone factor is sent its code now. */
async function challengeFactor(app: FastifyInstance, request: FastifyRequest, factorId: string, body: z.infer<typeof challengeBody>) {
  const service = app.authService;
  const auth = await authenticateNamed(service, request);
  const { user } = auth;
  await service.limit(`mfa:ip:${request.ip}`, LIMITS.mfaPerIp);
  const factor = await ownedFactor(service, user.id, factorId);
  // A factor still being enrolled is challenged only by someone who holds the second step already.
  if (factor.status !== 'verified') requireSecondStep(auth, 403, 'AAL2 required to challenge a factor that is not verified');
  const now = service.now();
  let codeHash: string | null = null;
  if (factor.factor_type === 'phone') {
    if (body?.channel === 'whatsapp') throw new AuthApiError(400, 'validation_failed', 'Channel whatsapp is not supported');
    codeHash = await textChallengeCode(app, request, user, factor);
  }
  await service.db.updateTable('auth_factors').set({ last_challenged_at: now, updated_at: now }).where('id', '=', factor.id).execute();
  const challenge = await service.db
    .insertInto('auth_challenges')
    .values({ factor_id: factor.id, ip: request.ip, code_hash: codeHash, created_at: now, expires_at: new Date(now.getTime() + CHALLENGE_TTL_MS) })
    .returning(['id', 'expires_at'])
    .executeTakeFirstOrThrow();
  return { id: challenge.id, type: factor.factor_type, expires_at: Math.floor(new Date(challenge.expires_at).getTime() / 1000) };
}

/** Texts a phone factor a fresh code, under the send rule; answers the hash the challenge keeps (`key.hash`). */
async function textChallengeCode(app: FastifyInstance, request: FastifyRequest, user: AuthUserRow, factor: FactorRow): Promise<string> {
  const service = app.authService;
  if (service.env.NODE_ENV === 'production' && !service.adapters.sms) throw providerDisabled('sms');
  // The send rule: the phone's cooldown (decided by the database) and the text budgets.
  await admitSend(service, { channel: 'sms', purpose: 'mfa', recipient: factor.phone ?? '', userId: user.id, ip: request.ip });
  const code = codeOf(randomInt(0, CODE_SPACE));
  const challengeKey = randomBytes(8).toString('hex');
  const codeHash = `${challengeKey}.${service.box.hash('mfa', challengeKey, code)}`;
  await deliver(service, service.adapters, request.log, {
    channel: 'sms',
    recipient: factor.phone ?? '',
    subject: null,
    body: smsBody(code, new URL(publicOrigin(app)).hostname, languageOf(user.user_metadata)),
    code,
  });
  return codeHash;
}

/** `POST /factors/{id}/verify`: the code checked against the challenge; a right one lifts the session to aal2. */
async function verifyFactor(service: AuthService, request: FastifyRequest, factorId: string, body: z.infer<typeof verifyBody>) {
  const auth = await authenticateNamed(service, request);
  const { user } = auth;
  // GoTrue (mfa.go verifyFactor): checked before the factor or the challenge is looked at.
  if (body.code.trim() === '') throw new AuthApiError(400, 'validation_failed', 'Code needs to be non-empty');
  await service.limit(`mfa:ip:${request.ip}`, LIMITS.mfaPerIp);
  const factor = await ownedFactor(service, user.id, factorId);
  // Completing an enrolment is a change of the account's factors: once one is verified, only a
  // session that passed it may add another (a factor planted at aal1 cannot become a way in).
  if (factor.status !== 'verified') requireSecondStep(auth, 403, 'AAL2 required to verify a new factor');
  const now = service.now();
  const challenge = await takeChallengeTry(service, factor, body.challenge_id, request.ip, now);
  const { valid, timeStep } = await checkFactorCode(service, factor, challenge, body.code.trim(), now);
  if (!valid) {
    throw new AuthApiError(422, 'mfa_verification_failed', factor.factor_type === 'totp' ? 'Invalid TOTP code entered' : 'Invalid MFA Phone code entered');
  }
  // The code proves the number; another account may have taken it since enrolment (#41).
  if (factor.factor_type === 'phone' && factor.status !== 'verified' && (await phoneHeldByAnother(service.db, factor.phone ?? '', user.id))) {
    throw new AuthApiError(422, 'phone_exists', PHONE_EXISTS);
  }
  const consumed = await service.db
    .updateTable('auth_challenges')
    .set({ verified_at: now })
    .where('id', '=', challenge.id)
    .where('verified_at', 'is', null)
    .executeTakeFirst();
  if (Number(consumed.numUpdatedRows) !== 1) throw new AuthApiError(422, 'mfa_challenge_expired', 'MFA challenge has already been used.');
  await resetFactorTries(service.db, factor.id);
  return completeSecondStep(service, auth, factor, timeStep, now);
}

/**
 * The challenge, if it may still be tried from this address. One try is taken from the factor
 * (whatever the challenge) and one from the challenge, each atomically before the code is
 * compared, so concurrent verifies cannot exceed either limit.
 */
async function takeChallengeTry(service: AuthService, factor: FactorRow, challengeId: string, ip: string, now: Date): Promise<ChallengeRow> {
  const challenge = UUID.test(challengeId)
    ? await service.db.selectFrom('auth_challenges').selectAll().where('id', '=', challengeId).where('factor_id', '=', factor.id).executeTakeFirst()
    : undefined;
  // GoTrue answers an unknown challenge as a factor it cannot find (mfa.go), with 422.
  if (!challenge) throw new AuthApiError(422, 'mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
  if (challenge.verified_at || new Date(challenge.expires_at).getTime() <= now.getTime() || challenge.attempts >= MAX_CHALLENGE_ATTEMPTS) {
    throw challengeExpired(challenge.id);
  }
  if (challenge.ip && challenge.ip !== ip) {
    throw new AuthApiError(422, 'mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');
  }
  await takeFactorTry(service.db, factor.id, now);
  const counted = await service.db
    .updateTable('auth_challenges')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', challenge.id)
    .where('verified_at', 'is', null)
    .where('attempts', '<', MAX_CHALLENGE_ATTEMPTS)
    .returning('attempts')
    .executeTakeFirst();
  if (!counted) throw challengeExpired(challenge.id);
  return challenge;
}

/** Whether the code is right: a TOTP code at a step after the last one accepted, or the phone code the challenge was sent. */
async function checkFactorCode(service: AuthService, factor: FactorRow, challenge: ChallengeRow, code: string, now: Date): Promise<{ valid: boolean; timeStep: number | null }> {
  if (factor.factor_type === 'totp' && factor.secret) {
    const result = await verifyTotp({
      secret: service.box.decrypt(factor.secret),
      token: code,
      epoch: Math.floor(now.getTime() / 1000),
      epochTolerance: TOTP_PERIOD_SECONDS,
      ...(factor.last_totp_step !== null ? { afterTimeStep: Number(factor.last_totp_step) } : {}),
    }).catch(() => ({ valid: false as const }));
    return { valid: result.valid, timeStep: result.valid && 'timeStep' in result ? result.timeStep : null };
  }
  if (factor.factor_type === 'phone' && challenge.code_hash) {
    const [key, hash] = challenge.code_hash.split('.');
    return { valid: Boolean(key && hash && SecretBox.equal(service.box.hash('mfa', key, CODE_PATTERN.test(code) ? code : ''), hash)), timeStep: null };
  }
  return { valid: false, timeStep: null };
}

/** The factor verified, the session at aal2 with a new refresh token, and the session's answer. */
async function completeSecondStep(service: AuthService, auth: Authenticated, factor: FactorRow, timeStep: number | null, now: Date) {
  const { user, session } = auth;
  await service.db
    .updateTable('auth_factors')
    .set({ status: 'verified', updated_at: now, ...(timeStep !== null ? { last_totp_step: timeStep } : {}) })
    .where('id', '=', factor.id)
    .execute();
  // Every enrolment left unverified is dropped (whatever its type: one planted by an aal1 session
  // must not wait for a later sign-in), and the user's other aal1 sessions end.
  await service.db.deleteFrom('auth_factors').where('user_id', '=', user.id).where('status', '=', 'unverified').execute();
  await service.db.deleteFrom('auth_sessions').where('user_id', '=', user.id).where('id', '!=', session.id).where('aal', '=', 'aal1').execute();
  const amr: AmrEntry[] = [{ method: factor.factor_type === 'totp' ? 'totp' : 'mfa/phone', timestamp: Math.floor(now.getTime() / 1000) }, ...session.amr];
  await service.db.updateTable('auth_sessions').set({ aal: 'aal2', amr: JSON.stringify(amr), factor_id: factor.id, refreshed_at: now }).where('id', '=', session.id).execute();
  // A new token family step: the aal1 refresh tokens become spent long ago, so replaying one
  // (to mint an aal2 session) is treated as reuse and ends the session.
  await service.db
    .updateTable('auth_refresh_tokens')
    .set({ revoked_at: new Date(0) })
    .where('session_id', '=', session.id)
    .execute();
  const refreshToken = randomBytes(24).toString('base64url');
  await service.db
    .insertInto('auth_refresh_tokens')
    .values({ token_hash: hashRefreshToken(refreshToken), session_id: session.id, user_id: user.id, parent_id: null, created_at: now })
    .execute();
  const fresh = (await findAuthUserById(service.db, user.id)) ?? user;
  return sessionResponse(service, fresh, { id: session.id, aal: 'aal2', amr }, refreshToken);
}

/** `DELETE /factors/{id}`: the factor gone; sessions that reached aal2 with it fall back to aal1. */
async function unenrolFactor(service: AuthService, request: FastifyRequest, factorId: string) {
  const auth = await authenticateNamed(service, request);
  const factor = await ownedFactor(service, auth.user.id, factorId);
  requireSecondStep(auth, 422, 'AAL2 required to unenroll a factor');
  await service.db.deleteFrom('auth_factors').where('id', '=', factor.id).execute();
  // Sessions that reached aal2 with this factor fall back to aal1 (their next token says so).
  await service.db.updateTable('auth_sessions').set({ aal: 'aal1', factor_id: null }).where('factor_id', '=', factor.id).execute();
  return { id: factor.id };
}
