import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { generateSecret, generateURI, verify as verifyTotp } from 'otplib';
import { renderSVG } from 'uqr';
import { z } from 'zod';
import { isUniqueViolation } from '../db/errors';
import { requireSecondStep } from './assurance';
import { AuthApiError } from './errors';
import { resetFactorTries, takeFactorTry } from './factor-attempts';
import { deliver, providerDisabled } from './outbox';
import { LIMITS } from './rate-limit';
import { requirePhone } from './recipients';
import { admitSend } from './send-rules';
import { SecretBox } from './secret';
import { hashRefreshToken, sessionResponse } from './sessions';
import { smsBody, languageOf } from './messages';
import { publicOrigin } from '../http/public-origin';
import type { AmrEntry } from './tables';
import { findAuthUserById, UUID } from './users';
import { CODE_PATTERN, CODE_SPACE, codeOf } from '../../core/auth-codes';
import { gotrueSpelling } from '../../core/phone/spelling';

export const CHALLENGE_TTL_MS = 5 * 60_000;
const MAX_FACTORS = 10;
const MAX_CHALLENGE_ATTEMPTS = 5;
const TOTP_PERIOD_SECONDS = 30;

const factorNotFound = () => new AuthApiError(404, 'mfa_factor_not_found', 'Factor not found');

/** Two enrolments with one name at once: the unique index decides, the loser gets GoTrue's 422. */
const nameConflict = (friendlyName: string | null) => (error: unknown): never => {
  if (isUniqueViolation(error, 'auth_factors_friendly_name')) {
    throw new AuthApiError(422, 'mfa_factor_name_conflict', `A factor with the friendly name "${friendlyName ?? ''}" for this user already exists`);
  }
  throw error;
};

/**
 * Multi-factor: enrol (TOTP per RFC 6238 with otplib, or a phone), challenge, verify (lifts the
 * session to aal2 with a new refresh token), unenrol. A TOTP step is accepted once per factor.
 */
export default async function factorsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = app.authService;

  const authenticateNamed = async (request: Parameters<typeof service.authenticate>[0]) => {
    const auth = await service.authenticate(request);
    // GoTrue's requireNotAnonymous.
    if (auth.user.is_anonymous) throw new AuthApiError(403, 'no_authorization', 'Anonymous user not allowed to perform these actions');
    return auth;
  };

  const ownedFactor = async (userId: string, id: string) => {
    // GoTrue's loadFactor: an id that is not a uuid is a 404 validation_failed, not an unknown factor.
    if (!UUID.test(id)) throw new AuthApiError(404, 'validation_failed', 'factor_id must be an UUID');
    const factor = await service.db.selectFrom('auth_factors').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    if (!factor) throw factorNotFound();
    return factor;
  };

  r.post(
    '/factors',
    {
      schema: {
        body: z.object({
          factor_type: z.enum(['totp', 'phone', 'webauthn']),
          friendly_name: z.string().max(120).nullish(),
          issuer: z.string().max(120).nullish(),
          phone: z.string().max(32).nullish(),
        }),
      },
    },
    async (request) => {
      const auth = await authenticateNamed(request);
      const { user } = auth;
      requireSecondStep(auth, 403, 'AAL2 required to enroll a new factor');
      await service.limit(`mfa:ip:${request.ip}`, LIMITS.mfaPerIp);
      const body = request.body;
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
      if (body.factor_type === 'phone') {
        const phone = requirePhone(body.phone ?? '');
        if (factors.some((factor) => factor.factor_type === 'phone' && factor.phone === phone)) {
          throw new AuthApiError(422, 'phone_exists', 'A factor with this phone number already exists');
        }
        const factor = await service.db
          .insertInto('auth_factors')
          .values({ user_id: user.id, factor_type: 'phone', friendly_name: friendlyName, phone, secret: null, last_totp_step: null, created_at: now, updated_at: now })
          .returningAll()
          .executeTakeFirstOrThrow()
          .catch(nameConflict(friendlyName));
        return { id: factor.id, type: 'phone', friendly_name: factor.friendly_name ?? '', phone: gotrueSpelling(phone) };
      }
      const secret = generateSecret();
      const issuer = body.issuer?.trim() || new URL(publicOrigin(app)).hostname;
      const uri = generateURI({ issuer, label: user.email || user.phone || user.id, secret });
      const factor = await service.db
        .insertInto('auth_factors')
        .values({ user_id: user.id, factor_type: 'totp', friendly_name: friendlyName, phone: null, secret: service.box.encrypt(secret), last_totp_step: null, created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow()
        .catch(nameConflict(friendlyName));
      return { id: factor.id, type: 'totp', friendly_name: factor.friendly_name ?? '', totp: { qr_code: renderSVG(uri), secret, uri } };
    },
  );

  r.post(
    '/factors/:id/challenge',
    { schema: { params: z.object({ id: z.string().max(64) }), body: z.object({ channel: z.enum(['sms', 'whatsapp']).nullish() }).nullish() } },
    async (request) => {
      const auth = await authenticateNamed(request);
      const { user } = auth;
      await service.limit(`mfa:ip:${request.ip}`, LIMITS.mfaPerIp);
      const factor = await ownedFactor(user.id, request.params.id);
      // A factor still being enrolled is challenged only by someone who holds the second step already.
      if (factor.status !== 'verified') requireSecondStep(auth, 403, 'AAL2 required to challenge a factor that is not verified');
      const now = service.now();
      let codeHash: string | null = null;
      if (factor.factor_type === 'phone') {
        if (request.body?.channel === 'whatsapp') throw new AuthApiError(400, 'validation_failed', 'Channel whatsapp is not supported');
        if (service.env.NODE_ENV === 'production' && !service.adapters.sms) throw providerDisabled('sms');
        // The send rule: the phone's cooldown (decided by the database) and the text budgets.
        await admitSend(service, { channel: 'sms', purpose: 'mfa', recipient: factor.phone ?? '', userId: user.id, ip: request.ip });
        const code = codeOf(randomInt(0, CODE_SPACE));
        const challengeKey = randomBytes(8).toString('hex');
        codeHash = `${challengeKey}.${service.box.hash('mfa', challengeKey, code)}`;
        await deliver(service, service.adapters, request.log, {
          channel: 'sms',
          recipient: factor.phone ?? '',
          subject: null,
          body: smsBody(code, new URL(publicOrigin(app)).hostname, languageOf(user.user_metadata)),
          code,
        });
      }
      await service.db.updateTable('auth_factors').set({ last_challenged_at: now, updated_at: now }).where('id', '=', factor.id).execute();
      const challenge = await service.db
        .insertInto('auth_challenges')
        .values({ factor_id: factor.id, ip: request.ip, code_hash: codeHash, created_at: now, expires_at: new Date(now.getTime() + CHALLENGE_TTL_MS) })
        .returning(['id', 'expires_at'])
        .executeTakeFirstOrThrow();
      return { id: challenge.id, type: factor.factor_type, expires_at: Math.floor(new Date(challenge.expires_at).getTime() / 1000) };
    },
  );

  r.post(
    '/factors/:id/verify',
    { schema: { params: z.object({ id: z.string().max(64) }), body: z.object({ challenge_id: z.string().max(64), code: z.string().max(16) }) } },
    async (request) => {
      const auth = await authenticateNamed(request);
      const { user, session } = auth;
      // GoTrue (mfa.go verifyFactor): checked before the factor or the challenge is looked at.
      if (request.body.code.trim() === '') throw new AuthApiError(400, 'validation_failed', 'Code needs to be non-empty');
      await service.limit(`mfa:ip:${request.ip}`, LIMITS.mfaPerIp);
      const factor = await ownedFactor(user.id, request.params.id);
      // Completing an enrolment is a change of the account's factors: once one is verified, only a
      // session that passed it may add another (a factor planted at aal1 cannot become a way in).
      if (factor.status !== 'verified') requireSecondStep(auth, 403, 'AAL2 required to verify a new factor');
      const now = service.now();
      const challenge = UUID.test(request.body.challenge_id)
        ? await service.db.selectFrom('auth_challenges').selectAll().where('id', '=', request.body.challenge_id).where('factor_id', '=', factor.id).executeTakeFirst()
        : undefined;
      // GoTrue answers an unknown challenge as a factor it cannot find (mfa.go), with 422.
      if (!challenge) throw new AuthApiError(422, 'mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
      if (challenge.verified_at || new Date(challenge.expires_at).getTime() <= now.getTime() || challenge.attempts >= MAX_CHALLENGE_ATTEMPTS) {
        throw new AuthApiError(422, 'mfa_challenge_expired', `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`);
      }
      if (challenge.ip && challenge.ip !== request.ip) {
        throw new AuthApiError(422, 'mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');
      }
      // One try from the factor (whatever the challenge) and one from the challenge, each taken
      // atomically before the code is compared, so concurrent verifies cannot exceed either limit.
      await takeFactorTry(service.db, factor.id, now);
      const counted = await service.db
        .updateTable('auth_challenges')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', challenge.id)
        .where('verified_at', 'is', null)
        .where('attempts', '<', MAX_CHALLENGE_ATTEMPTS)
        .returning('attempts')
        .executeTakeFirst();
      if (!counted) throw new AuthApiError(422, 'mfa_challenge_expired', `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`);
      const code = request.body.code.trim();
      let valid = false;
      let timeStep: number | null = null;
      if (factor.factor_type === 'totp' && factor.secret) {
        const result = await verifyTotp({
          secret: service.box.decrypt(factor.secret),
          token: code,
          epoch: Math.floor(now.getTime() / 1000),
          epochTolerance: TOTP_PERIOD_SECONDS,
          ...(factor.last_totp_step !== null ? { afterTimeStep: Number(factor.last_totp_step) } : {}),
        }).catch(() => ({ valid: false as const }));
        valid = result.valid;
        if (result.valid && 'timeStep' in result) timeStep = result.timeStep;
      } else if (factor.factor_type === 'phone' && challenge.code_hash) {
        const [key, hash] = challenge.code_hash.split('.');
        valid = Boolean(key && hash && SecretBox.equal(service.box.hash('mfa', key, CODE_PATTERN.test(code) ? code : ''), hash));
      }
      if (!valid) {
        throw new AuthApiError(422, 'mfa_verification_failed', factor.factor_type === 'totp' ? 'Invalid TOTP code entered' : 'Invalid MFA Phone code entered');
      }
      const consumed = await service.db
        .updateTable('auth_challenges')
        .set({ verified_at: now })
        .where('id', '=', challenge.id)
        .where('verified_at', 'is', null)
        .executeTakeFirst();
      if (Number(consumed.numUpdatedRows) !== 1) throw new AuthApiError(422, 'mfa_challenge_expired', 'MFA challenge has already been used.');
      await resetFactorTries(service.db, factor.id);
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
    },
  );

  r.delete('/factors/:id', { schema: { params: z.object({ id: z.string().max(64) }) } }, async (request) => {
    const auth = await authenticateNamed(request);
    const factor = await ownedFactor(auth.user.id, request.params.id);
    requireSecondStep(auth, 422, 'AAL2 required to unenroll a factor');
    await service.db.deleteFrom('auth_factors').where('id', '=', factor.id).execute();
    // Sessions that reached aal2 with this factor fall back to aal1 (their next token says so).
    await service.db.updateTable('auth_sessions').set({ aal: 'aal1', factor_id: null }).where('factor_id', '=', factor.id).execute();
    return { id: factor.id };
  });
}
