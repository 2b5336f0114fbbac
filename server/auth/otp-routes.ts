import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCaptcha } from '../captcha/require-captcha';
import { publicOrigin } from '../http/public-origin';
import { applyVerifiedCode } from './accounts';
import { spendLookup } from '../rate-limits/lookup-budget';
import { AuthApiError, otpExpired, overRequestRateLimit, validationFailed } from './errors';
import { emailMessage, languageOf, smsBody } from './messages';
import { consumeCode, consumeLink, issueCode, type OtpRow } from './otp-codes';
import { deliver, providerDisabled } from './outbox';
import { createFlowState, parseCodeChallenge } from './pkce';
import { LIMITS } from './rate-limit';
import { requireEmail, requirePhone } from './recipients';
import { admitSend } from './send-rules';
import type { AuthService } from './service';
import { startSession } from './sessions';
import { userJson } from './user-json';
import { mergeUserMetadata } from './user-metadata';
import type { OtpPurpose } from './tables';
import { factorsOf, findAuthUserByEmail, findAuthUserByPhone } from './users';

const metadata = z.record(z.string(), z.unknown()).nullish();
const security = z.object({ captcha_token: z.string().nullish() }).nullish();

const otpBody = z.object({
  email: z.string().max(320).nullish(),
  phone: z.string().max(32).nullish(),
  data: metadata,
  create_user: z.boolean().nullish(),
  channel: z.string().nullish(),
  code_challenge: z.string().max(256).nullish(),
  code_challenge_method: z.string().max(16).nullish(),
  gotrue_meta_security: security,
});

const verifyType = z.enum(['sms', 'phone_change', 'email', 'signup', 'magiclink', 'invite', 'recovery', 'email_change']);

const verifyBody = z.object({
  type: verifyType.optional(),
  token: z.string().max(64).nullish(),
  token_hash: z.string().max(256).nullish(),
  email: z.string().max(320).nullish(),
  phone: z.string().max(32).nullish(),
  gotrue_meta_security: security,
});

/** What each verify type may consume. Change codes prove an address for the account that asked. */
const purposeOf: Record<z.infer<typeof verifyType>, OtpPurpose[]> = {
  sms: ['signin'],
  email: ['signin'],
  signup: ['signin'],
  magiclink: ['signin'],
  invite: [],
  recovery: ['recovery'],
  phone_change: ['phone_change'],
  email_change: ['email_change'],
};

const resendBody = z.object({
  type: z.enum(['sms', 'signup', 'phone_change', 'email_change']),
  email: z.string().max(320).nullish(),
  phone: z.string().max(32).nullish(),
  gotrue_meta_security: security,
});

const signupBody = z.object({
  email: z.string().nullish(),
  phone: z.string().nullish(),
  password: z.string().nullish(),
  data: metadata,
  gotrue_meta_security: security,
  code_challenge: z.string().nullish(),
  code_challenge_method: z.string().nullish(),
});

const recoverBody = z.object({
  email: z.string().max(320),
  code_challenge: z.string().nullish(),
  code_challenge_method: z.string().nullish(),
  gotrue_meta_security: security,
});

const redirectQuery = z.object({ redirect_to: z.string().optional() });
const verifyLinkQuery = z.object({ token: z.string().max(256).optional(), type: verifyType.optional(), redirect_to: z.string().optional() });

const hostOf = (origin: string) => new URL(origin).hostname;

/** Codes and links that may start a session: a sign-in and a recovery, never an address change. */
const SESSION_PURPOSES: readonly OtpPurpose[] = ['signin', 'recovery'];

/** Sends the message for a freshly issued code over its channel. */
export async function sendCode(
  app: FastifyInstance,
  request: FastifyRequest,
  issued: { code: string; linkToken: string | null; row: OtpRow },
  options: { redirectTo?: string | undefined } = {},
) {
  const service = app.authService;
  const origin = publicOrigin(app);
  const lang = languageOf(issued.row.data);
  if (issued.row.channel === 'sms') {
    await deliver(service, service.adapters, request.log, {
      channel: 'sms',
      recipient: issued.row.recipient,
      subject: null,
      body: smsBody(issued.code, hostOf(origin), lang),
      code: issued.code,
    });
    return;
  }
  const link = issued.linkToken
    ? `${origin}/auth/v1/verify?${new URLSearchParams({ token: issued.linkToken, type: issued.row.purpose === 'recovery' ? 'recovery' : 'magiclink', redirect_to: options.redirectTo ?? origin })}`
    : null;
  const message = emailMessage(issued.code, lang, { link, recovery: issued.row.purpose === 'recovery' });
  await deliver(service, service.adapters, request.log, { channel: 'email', recipient: issued.row.recipient, ...message, code: issued.code, linkToken: issued.linkToken });
}

function assertProvider(app: FastifyInstance, channel: 'sms' | 'email') {
  const service = app.authService;
  if (service.env.NODE_ENV === 'production' && !service.adapters[channel]) throw providerDisabled(channel);
}

/** A redirect target of this site only (GoTrue's allow-list: SITE_URL); anything else falls back to it. */
export function safeRedirect(app: FastifyInstance, target: string | undefined): string {
  const origin = publicOrigin(app);
  if (!target) return origin;
  try {
    const url = new URL(target, origin);
    const allowed = new URL(origin);
    const loopback = (host: string) => host === 'localhost' || host === '127.0.0.1' || host === '[::1]';
    if (url.origin === allowed.origin || (loopback(url.hostname) && loopback(allowed.hostname) && url.protocol === allowed.protocol)) return url.toString();
  } catch {
    // falls through to the site URL
  }
  return origin;
}

/** The sign-in codes and links: POST /otp, /verify (and the email link's GET), /resend, /signup (anonymous), /recover. */
export default async function otpRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/otp', { schema: { body: otpBody, querystring: redirectQuery } }, async (request) => sendSignInCode(app, request, request.body, request.query));
  r.post('/verify', { schema: { body: verifyBody } }, async (request) => verifyCode(app.authService, request, request.body));
  // The link in an email: PKCE sign-ins get ?code= for exchangeCodeForSession, others the implicit
  // fragment supabase-js reads with detectSessionInUrl. Failures go back with error params.
  r.get('/verify', { schema: { querystring: verifyLinkQuery } }, async (request, reply) => followLink(app, request, reply, request.query));
  r.post('/resend', { schema: { body: resendBody } }, async (request) => resendCode(app, request, request.body));
  r.post('/signup', { schema: { body: signupBody } }, async (request) => signUpAnonymously(app, request, request.body));
  r.post('/recover', { schema: { body: recoverBody, querystring: redirectQuery } }, async (request) => sendRecoveryCode(app, request, request.body, request.query));
}

/** `POST /otp`: a sign-in code (and, by email, a link) for a phone or an email address. */
async function sendSignInCode(app: FastifyInstance, request: FastifyRequest, body: z.infer<typeof otpBody>, query: z.infer<typeof redirectQuery>) {
  const service = app.authService;
  await service.limit(`otp:ip:${request.ip}`, LIMITS.otpPerIp);
  // Before anything else is looked at (GoTrue's order): a request without its captcha learns nothing.
  const captcha = await requireCaptcha(app, request, body.gotrue_meta_security?.captcha_token);
  if (body.email && body.phone) throw validationFailed('Only an email address or phone number should be provided');
  if (!body.email && !body.phone) throw validationFailed('Only an email address or phone number should be provided');
  const pkce = parseCodeChallenge(body.code_challenge, body.code_challenge_method);
  const channel = body.phone ? 'sms' : 'email';
  if (channel === 'sms' && body.channel && body.channel !== 'sms') throw validationFailed(`Channel ${body.channel} is not supported`);
  const recipient = body.phone ? requirePhone(body.phone) : requireEmail(body.email ?? '');
  // Only a sign-in that may not create an account needs to know whether one exists: its refusal
  // tells, so it spends the lookup budget whatever the answer.
  if (body.create_user === false) {
    const wait = await spendLookup(app, { ip: request.ip, userId: null });
    if (wait > 0) throw overRequestRateLimit(wait);
    const existing = channel === 'sms' ? await findAuthUserByPhone(service.db, recipient) : await findAuthUserByEmail(service.db, recipient);
    if (!existing) throw new AuthApiError(422, 'otp_disabled', 'Signups not allowed for otp');
  }
  assertProvider(app, channel);
  const issued = await issueCode(service, {
    purpose: 'signin',
    channel,
    recipient,
    ip: request.ip,
    data: mergeUserMetadata({}, body.data),
    codeChallenge: pkce?.challenge ?? null,
    codeChallengeMethod: pkce?.method ?? null,
    withLink: channel === 'email',
    captcha,
  });
  await sendCode(app, request, issued, { redirectTo: safeRedirect(app, query.redirect_to) });
  return {};
}

/** `POST /verify`: a code or a link's token hash spent; a sign-in or recovery answers a session. */
async function verifyCode(service: AuthService, request: FastifyRequest, body: z.infer<typeof verifyBody>) {
  await service.limit(`verify:ip:${request.ip}`, LIMITS.verifyPerIp);
  if (!body.type) throw validationFailed('Verify requires a verification type');
  if (Boolean(body.token) === Boolean(body.token_hash)) throw validationFailed('Verify requires either a token or a token hash');
  const purposes = purposeOf[body.type];
  if (purposes.length === 0) throw otpExpired();
  let otp: OtpRow;
  if (body.token_hash) {
    otp = await consumeLink(service, body.token_hash, purposes);
  } else {
    const phoneType = body.type === 'sms' || body.type === 'phone_change';
    const recipient = phoneType ? requirePhone(body.phone ?? '') : requireEmail(body.email ?? '', 422);
    await service.limit(`verify:client:${request.ip}:${recipient}`, LIMITS.verifyPerClientAndRecipient);
    otp = await consumeCode(service, { purposes, recipient, code: (body.token ?? '').trim(), ip: request.ip });
  }
  const user = await applyVerifiedCode(service, otp);
  // A change code proves an address for the account that asked; it is read by whoever holds that
  // phone or inbox, who must not get the account (#25 finding 3). The user comes back without a
  // session (supabase-js then keeps the one it has; the page refreshes it to see the new address).
  if (!SESSION_PURPOSES.includes(otp.purpose)) return userJson(user, await factorsOf(service.db, user.id));
  return startSession(service, user, { method: otp.purpose === 'recovery' ? 'recovery' : 'otp', userAgent: request.headers['user-agent'], ip: request.ip });
}

/** `GET /verify`: the email link, redirected back to the site with a PKCE code, a session or the error. */
async function followLink(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, query: z.infer<typeof verifyLinkQuery>): Promise<FastifyReply> {
  const service = app.authService;
  const target = new URL(safeRedirect(app, query.redirect_to));
  try {
    await service.limit(`verify:ip:${request.ip}`, LIMITS.verifyPerIp);
    const otp = await consumeLink(service, query.token ?? '', SESSION_PURPOSES);
    const user = await applyVerifiedCode(service, otp);
    if (otp.code_challenge && otp.code_challenge_method) {
      const code = await createFlowState(service, {
        userId: user.id,
        challenge: otp.code_challenge,
        method: otp.code_challenge_method === 'plain' ? 'plain' : 's256',
        authenticationMethod: query.type ?? 'magiclink',
      });
      target.searchParams.set('code', code);
      return reply.redirect(target.toString(), 303);
    }
    const session = await startSession(service, user, { method: 'otp', userAgent: request.headers['user-agent'], ip: request.ip });
    target.hash = new URLSearchParams({
      access_token: session.access_token,
      expires_at: String(session.expires_at),
      expires_in: String(session.expires_in),
      refresh_token: session.refresh_token,
      token_type: session.token_type,
      type: query.type ?? 'magiclink',
    }).toString();
    return reply.redirect(target.toString(), 303);
  } catch (error) {
    if (!(error instanceof AuthApiError)) throw error;
    target.hash = new URLSearchParams({ error: 'access_denied', error_code: error.errorCode, error_description: error.message }).toString();
    return reply.redirect(target.toString(), 303);
  }
}

/** `POST /resend`: the latest pending code for that address and purpose, issued again. */
async function resendCode(app: FastifyInstance, request: FastifyRequest, body: z.infer<typeof resendBody>) {
  const service = app.authService;
  await service.limit(`otp:ip:${request.ip}`, LIMITS.otpPerIp);
  const captcha = await requireCaptcha(app, request, body.gotrue_meta_security?.captcha_token);
  const { type } = body;
  const phoneType = type === 'sms' || type === 'phone_change';
  const recipient = phoneType ? requirePhone(body.phone ?? '') : requireEmail(body.email ?? '');
  const purpose: OtpPurpose = type === 'phone_change' || type === 'email_change' ? type : 'signin';
  const previous = await service.db
    .selectFrom('auth_otps')
    .selectAll()
    .where('recipient', '=', recipient)
    .where('purpose', '=', purpose)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  // Nothing pending: answer the same, so the endpoint does not reveal who asked for codes (the
  // send rule runs all the same: a second resend within the cooldown is a 429 either way).
  if (!previous) {
    await admitSend(service, { channel: phoneType ? 'sms' : 'email', purpose, recipient, userId: null, ip: request.ip, captcha });
    return {};
  }
  assertProvider(app, phoneType ? 'sms' : 'email');
  const issued = await issueCode(service, {
    purpose,
    channel: previous.channel,
    recipient,
    ip: request.ip,
    userId: previous.user_id,
    data: previous.data,
    codeChallenge: previous.code_challenge,
    codeChallengeMethod: previous.code_challenge_method,
    withLink: previous.channel === 'email' && purpose === 'signin',
    captcha,
  });
  await sendCode(app, request, issued);
  return {};
}

/** `POST /signup`: an anonymous user and its session; password sign-ups are refused. */
async function signUpAnonymously(app: FastifyInstance, request: FastifyRequest, body: z.infer<typeof signupBody>) {
  const service = app.authService;
  if (body.email || body.phone || body.password) {
    throw new AuthApiError(422, 'email_provider_disabled', 'Password sign-ups are disabled: sign in with a one-time code');
  }
  await service.limit(`anonymous:ip:${request.ip}`, LIMITS.anonymousPerIp);
  await requireCaptcha(app, request, body.gotrue_meta_security?.captcha_token);
  const now = service.now();
  const user = await service.db
    .insertInto('auth_users')
    .values({
      email: null,
      phone: null,
      is_anonymous: true,
      app_metadata: JSON.stringify({}),
      user_metadata: JSON.stringify(mergeUserMetadata({}, body.data)),
      new_email: null,
      new_phone: null,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return startSession(service, user, { method: 'anonymous', userAgent: request.headers['user-agent'], ip: request.ip });
}

/** `POST /recover`: a recovery code and link for an account's email address. */
async function sendRecoveryCode(app: FastifyInstance, request: FastifyRequest, body: z.infer<typeof recoverBody>, query: z.infer<typeof redirectQuery>) {
  const service = app.authService;
  await service.limit(`otp:ip:${request.ip}`, LIMITS.otpPerIp);
  const captcha = await requireCaptcha(app, request, body.gotrue_meta_security?.captcha_token);
  const email = requireEmail(body.email);
  const pkce = parseCodeChallenge(body.code_challenge, body.code_challenge_method);
  const user = await findAuthUserByEmail(service.db, email);
  // Unknown addresses get the same empty answer (GoTrue: 200 {}), through the same send rule.
  if (!user) {
    await admitSend(service, { channel: 'email', purpose: 'recovery', recipient: email, userId: null, ip: request.ip, captcha });
    return {};
  }
  assertProvider(app, 'email');
  const issued = await issueCode(service, {
    purpose: 'recovery',
    channel: 'email',
    recipient: email,
    ip: request.ip,
    userId: user.id,
    codeChallenge: pkce?.challenge ?? null,
    codeChallengeMethod: pkce?.method ?? null,
    withLink: true,
    captcha,
  });
  await sendCode(app, request, issued, { redirectTo: safeRedirect(app, query.redirect_to) });
  return {};
}
