import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EMAIL_EXISTS, PHONE_EXISTS } from './accounts';
import { claimEmail, EMAIL_CHANGE_RETRY_AFTER } from './email-claim';
import { requireSecondStep } from './assurance';
import { spendLookup } from '../rate-limits/lookup-budget';
import { AuthApiError, overRequestRateLimit } from './errors';
import { mergeUserMetadata } from './user-metadata';
import { issueCode } from './otp-codes';
import { providerDisabled } from './outbox';
import { LIMITS } from './rate-limit';
import { requireEmail, requirePhone } from './recipients';
import type { AuthService } from './service';
import { userJson } from './user-json';
import { factorsOf, findAuthUserByEmail, findAuthUserById, findAuthUserByPhone } from './users';
import { sendCode } from './otp-routes';
import { passkeysEnabled } from './passkeys/relying-party';
import socialRoutes from './social/routes';
import { socialIdentitiesOf } from './social/identities';
import type { SocialProviders } from './social/providers';

const updateUserBody = z.object({
  email: z.string().max(320).nullish(),
  phone: z.string().max(32).nullish(),
  password: z.string().nullish(),
  nonce: z.string().nullish(),
  data: z.record(z.string(), z.unknown()).nullish(),
  channel: z.string().nullish(),
  code_challenge: z.string().nullish(),
  code_challenge_method: z.string().nullish(),
});
const updateUserQuery = z.object({ redirect_to: z.string().max(2048).optional() });

/** GET/PUT /user, POST /logout, GET /settings and the social sign-in routes (./social/routes.ts). */
export default async function userRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = app.authService;

  r.get('/user', async (request) => {
    const { user } = await service.authenticate(request);
    return userJson(user, await factorsOf(service.db, user.id), await socialIdentitiesOf(service.db, user));
  });

  r.put('/user', { schema: { body: updateUserBody, querystring: updateUserQuery } }, async (request) => updateUser(app, request, request.body, request.query));

  r.post('/logout', { schema: { querystring: z.object({ scope: z.enum(['global', 'local', 'others']).default('global') }) } }, async (request, reply) => {
    const { user, session } = await service.authenticate(request);
    let query = service.db.deleteFrom('auth_sessions').where('user_id', '=', user.id);
    if (request.query.scope === 'local') query = query.where('id', '=', session.id);
    if (request.query.scope === 'others') query = query.where('id', '!=', session.id);
    await query.execute();
    return reply.status(204).send();
  });

  r.get('/settings', async () => authSettings(service, app.social));

  // GET /authorize, GET|POST /callback, GET /user/identities/authorize, DELETE /user/identities/{id} (#35).
  await r.register(socialRoutes);
}

/**
 * `PUT /user`: the user's metadata, and a new phone or email, each a claim until its code (or link)
 * proves it. Another account's address is refused within the lookup budget only.
 */
async function updateUser(
  app: FastifyInstance,
  request: FastifyRequest,
  body: z.infer<typeof updateUserBody>,
  query: z.infer<typeof updateUserQuery>,
) {
  const service = app.authService;
  const auth = await service.authenticate(request);
  const { user } = auth;
  await service.limit(`user:ip:${request.ip}`, LIMITS.userUpdatePerIp);
  if (body.password) throw new AuthApiError(422, 'validation_failed', 'Passwords are not supported: sign in with a one-time code');
  const phone = body.phone ? requirePhone(body.phone) : null;
  const email = body.email ? requireEmail(body.email) : null;
  const changesPhone = phone !== null && phone !== user.phone;
  const changesEmail = email !== null && email !== user.email;
  if (changesPhone || changesEmail) requireSecondStep(auth, 401, 'AAL2 session is required to update email or password when MFA is enabled.');
  // Whether another account holds the new address is said within the lookup budget only.
  if (changesPhone || changesEmail) {
    const wait = await spendLookup(app, { ip: request.ip, userId: user.id });
    if (wait > 0) throw overRequestRateLimit(wait);
  }
  if (changesPhone) {
    const owner = await findAuthUserByPhone(service.db, phone);
    if (owner && owner.id !== user.id) throw new AuthApiError(422, 'phone_exists', PHONE_EXISTS);
  }
  if (changesEmail) {
    const owner = await findAuthUserByEmail(service.db, email);
    if (owner && owner.id !== user.id) throw new AuthApiError(422, 'email_exists', EMAIL_EXISTS);
  }
  if (body.data) {
    const merged = mergeUserMetadata(user.user_metadata, body.data);
    await service.db.updateTable('auth_users').set({ user_metadata: JSON.stringify(merged) }).where('id', '=', user.id).execute();
  }
  if (changesPhone) {
    if (service.env.NODE_ENV === 'production' && !service.adapters.sms) throw providerDisabled('sms');
    const issued = await issueCode(service, { purpose: 'phone_change', channel: 'sms', recipient: phone, ip: request.ip, userId: user.id, data: user.user_metadata });
    await service.db.updateTable('auth_users').set({ new_phone: phone }).where('id', '=', user.id).execute();
    await sendCode(app, request, issued);
  }
  // The address stays a claim (new_email) until the link or code in this message proves it; a
  // message the cooldown holds back keeps the claim and says when it can go (#34.4).
  const emailWait = changesEmail ? await claimEmail(app, request, user, email, { redirectTo: query.redirect_to }) : null;
  const fresh = (await findAuthUserById(service.db, user.id)) ?? user;
  const answer = userJson(fresh, await factorsOf(service.db, user.id), await socialIdentitiesOf(service.db, fresh));
  return emailWait === null ? answer : { ...answer, [EMAIL_CHANGE_RETRY_AFTER]: emailWait };
}

/** `GET /settings`, GoTrue's: which ways in are enabled (one-time codes, anonymous users, the configured providers). */
function authSettings(service: AuthService, social: SocialProviders) {
  return {
    external: {
      anonymous_users: true,
      email: true,
      phone: true,
      apple: false,
      azure: false,
      bitbucket: false,
      discord: false,
      facebook: false,
      figma: false,
      github: false,
      gitlab: false,
      google: false,
      keycloak: false,
      linkedin_oidc: false,
      notion: false,
      slack_oidc: false,
      spotify: false,
      twitch: false,
      twitter: false,
      workos: false,
      zoom: false,
      // The configured providers (custom ones as custom:<name>), #35.
      ...Object.fromEntries(social.names().map((name) => [name, true])),
    },
    disable_signup: false,
    mailer_autoconfirm: false,
    phone_autoconfirm: false,
    sms_provider: service.adapters.sms ? 'twilio' : '',
    saml_enabled: false,
    passkeys_enabled: passkeysEnabled(service.env),
    // Not GoTrue's: the account page offers linking and unlinking only when they are on (#35).
    manual_linking_enabled: service.env.social.manualLinking,
  };
}
