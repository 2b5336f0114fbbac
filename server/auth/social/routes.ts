import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicOrigin } from '../../http/public-origin';
import { AuthApiError, validationFailed } from '../errors';
import { safeRedirect } from '../otp-routes';
import { createFlowState, parseCodeChallenge } from '../pkce';
import { startSession } from '../sessions';
import { appleUserField, profileOf } from './claims';
import { userForProfile } from './linking';
import { bindBrowser, createOauthState, spendOauthState, type OauthState } from './oauth-states';
import { errorRedirect, ProviderRefusal, withFragment, withQuery } from './redirects';
import { unlinkIdentity } from './unlink';

/** Trips started and callbacks answered per client address per minute: each costs a provider round trip. */
export const SOCIAL_LIMITS = {
  authorizePerIp: { limit: 30, windowMs: 60_000 },
  callbackPerIp: { limit: 30, windowMs: 60_000 },
} as const;

const authorizeQuery = z
  .object({
    provider: z.string().max(64).optional(),
    redirect_to: z.string().max(2048).optional(),
    scopes: z.string().max(1024).optional(),
    code_challenge: z.string().max(256).optional(),
    code_challenge_method: z.string().max(16).optional(),
    skip_http_redirect: z.string().max(8).optional(),
  })
  .loose();

/** The callback's parameters, by query (GET) or form (Apple's form_post). */
const callbackParameters = z
  .object({
    code: z.string().max(2048).optional(),
    state: z.string().max(128).optional(),
    iss: z.string().max(512).optional(),
    error: z.string().max(256).optional(),
    error_description: z.string().max(1024).optional(),
    user: z.string().max(2048).optional(),
  })
  .loose();

const notEnabled = () => validationFailed('Unsupported provider: provider is not enabled');
const linkingDisabled = () => new AuthApiError(404, 'manual_linking_disabled', 'Manual linking is disabled');

/** The redirect URI registered at every provider: PUBLIC_URL + /auth/v1/callback. */
export const callbackUrl = (app: FastifyInstance) => `${publicOrigin(app)}/auth/v1/callback`;
const isSecure = (app: FastifyInstance) => publicOrigin(app).startsWith('https:');

/**
 * Social / OIDC sign-in on GoTrue's wire (#35, reference §1): GET /authorize, GET|POST /callback,
 * GET /user/identities/authorize and DELETE /user/identities/{id}. Registered inside /auth/v1.
 */
export default async function socialRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Apple answers with an HTML form POST; nothing else here takes a form.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16_384 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))));
  });

  // No HEAD twins: a HEAD (a link checker) must neither start a trip nor spend a state.
  r.get('/authorize', { schema: { querystring: authorizeQuery }, exposeHeadRoute: false }, async (request, reply) => {
    await app.authService.limit(`social:authorize:ip:${request.ip}`, SOCIAL_LIMITS.authorizePerIp);
    return startTrip(app, request, reply, request.query, null);
  });

  const callback = async (request: FastifyRequest, reply: FastifyReply, raw: unknown) => {
    await app.authService.limit(`social:callback:ip:${request.ip}`, SOCIAL_LIMITS.callbackPerIp);
    const parsed = callbackParameters.safeParse(raw ?? {});
    if (!parsed.success) throw new AuthApiError(400, 'bad_oauth_callback', 'OAuth callback with malformed parameters');
    const state = await spendOauthState(app.authService, request, parsed.data.state, isSecure(app));
    try {
      return reply.redirect(await finishTrip(app, request, state, parsed.data), 302);
    } catch (error) {
      if (!(error instanceof AuthApiError || error instanceof ProviderRefusal)) request.log.error({ err: error, provider: state.provider }, 'social sign-in failed');
      return reply.redirect(errorRedirect(state.redirect_to, error), 302);
    }
  };
  r.get('/callback', { exposeHeadRoute: false }, async (request, reply) => callback(request, reply, request.query));
  r.post('/callback', async (request, reply) => callback(request, reply, request.body));

  r.get('/user/identities/authorize', { schema: { querystring: authorizeQuery }, exposeHeadRoute: false }, async (request, reply) => {
    const { user } = await app.authService.authenticate(request);
    if (!app.env.social.manualLinking) throw linkingDisabled();
    await app.authService.limit(`social:authorize:ip:${request.ip}`, SOCIAL_LIMITS.authorizePerIp);
    // supabase-js's linkIdentity always asks for the URL as JSON (skip_http_redirect=true).
    return startTrip(app, request, reply, request.query, user.id);
  });

  r.delete('/user/identities/:id', { schema: { params: z.object({ id: z.string().max(64) }) } }, async (request) => {
    const auth = await app.authService.authenticate(request);
    if (!app.env.social.manualLinking) throw linkingDisabled();
    await unlinkIdentity(app.authService, auth, request.params.id);
    return {};
  });
}

/** GET /authorize (and the linking variant): a state row, then the provider's URL (302, or `{url}`). */
async function startTrip(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, query: z.infer<typeof authorizeQuery>, linkUserId: string | null) {
  const provider = query.provider ? app.social.get(query.provider) : undefined;
  if (!provider) throw notEnabled();
  const pkce = parseCodeChallenge(query.code_challenge, query.code_challenge_method);
  const browser = bindBrowser(request, reply, isSecure(app));
  const state = await createOauthState(app.authService, { provider: provider.name, redirectTo: safeRedirect(app, query.redirect_to), pkce, browser, linkUserId });
  let url: string;
  try {
    url = await app.social.authorizationUrl(provider, { state: state.id, nonce: state.nonce, verifier: state.provider_verifier, redirectUri: callbackUrl(app), scopes: query.scopes });
  } catch (error) {
    request.log.warn({ provider: provider.name, reason: error instanceof Error ? error.message : 'unknown' }, 'social provider discovery failed');
    throw new AuthApiError(503, 'provider_unavailable', 'The sign-in provider cannot be reached; try again in a minute');
  }
  if (linkUserId || query.skip_http_redirect === 'true') return reply.send({ url });
  return reply.redirect(url, 302);
}

/** The callback after its state is spent: the provider's answer → the account → the session or its code. */
async function finishTrip(app: FastifyInstance, request: FastifyRequest, state: OauthState, parameters: z.infer<typeof callbackParameters>): Promise<string> {
  const service = app.authService;
  if (parameters.error) throw new ProviderRefusal(parameters.error, parameters.error_description ?? parameters.error);
  if (!parameters.code) throw new AuthApiError(400, 'bad_oauth_callback', 'OAuth callback with missing authorization code');
  const provider = app.social.get(state.provider);
  if (!provider) throw notEnabled();
  const current = new URL(callbackUrl(app));
  current.searchParams.set('code', parameters.code);
  current.searchParams.set('state', state.id);
  if (parameters.iss) current.searchParams.set('iss', parameters.iss);
  let answer;
  try {
    answer = await app.social.exchange(provider, current, { state: state.id, nonce: state.nonce, verifier: state.provider_verifier });
  } catch (error) {
    // The provider's tokens and the code are never logged: only what kind of failure it was.
    request.log.warn({ provider: provider.name, reason: error instanceof Error ? `${error.name}: ${(error as { code?: string }).code ?? ''}` : 'unknown' }, 'social code exchange refused');
    throw new AuthApiError(400, 'bad_oauth_callback', 'Unable to exchange external code');
  }
  let profile;
  try {
    profile = profileOf(provider.kind, { ...answer.claims, ...(provider.kind === 'apple' ? appleUserField(parameters.user) : {}) });
  } catch {
    // A verified ID token without a usable subject: said without echoing the person's claims to the log.
    throw new AuthApiError(400, 'bad_oauth_callback', 'The provider returned no usable identity');
  }
  const user = await userForProfile(service, provider.name, profile, state.link_user_id);
  if (state.code_challenge && state.code_challenge_method) {
    const code = await createFlowState(service, {
      userId: user.id,
      challenge: state.code_challenge,
      method: state.code_challenge_method,
      authenticationMethod: 'oauth',
      provider: { name: provider.name, accessToken: answer.accessToken, refreshToken: answer.refreshToken },
    });
    return withQuery(state.redirect_to, { code });
  }
  const session = await startSession(service, user, { method: 'oauth', provider: provider.name, userAgent: request.headers['user-agent'], ip: request.ip });
  return withFragment(state.redirect_to, {
    access_token: session.access_token,
    token_type: session.token_type,
    expires_in: String(session.expires_in),
    expires_at: String(session.expires_at),
    refresh_token: session.refresh_token,
    provider_token: answer.accessToken,
    ...(answer.refreshToken ? { provider_refresh_token: answer.refreshToken } : {}),
  });
}
