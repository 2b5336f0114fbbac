import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as oidc from 'openid-client';
import { AuthApiError } from '../errors';
import { FLOW_STATE_TTL_MS } from '../pkce';
import type { AuthService } from '../service';
import { UUID } from '../users';
import type { AuthOauthStatesTable } from './tables';
import type { Selectable } from 'kysely';

export type OauthState = Selectable<AuthOauthStatesTable>;

/**
 * The binding cookie: a random value set on the browser that started the trip, its hash kept in the
 * state row. A callback arriving in another browser (a code and state lured or swapped there,
 * login CSRF) carries another value or none and is refused as an unknown state. One value per
 * browser, so two tabs' trips both work. `__Host-` and SameSite=None on https (Apple's form_post
 * comes back as a cross-site POST); Lax on plain-http development.
 */
const COOKIE = { secure: '__Host-ringwise-oauth', plain: 'ringwise-oauth' } as const;
const COOKIE_MAX_AGE_SECONDS = 600;

const hashOf = (value: string) => createHash('sha256').update(value).digest('base64url');

function cookieName(secure: boolean) {
  return secure ? COOKIE.secure : COOKIE.plain;
}

function readCookie(request: FastifyRequest, name: string): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      const value = rest.join('=');
      return /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
    }
  }
  return null;
}

/** The browser's binding value (kept, or new and set on the reply). */
export function bindBrowser(request: FastifyRequest, reply: FastifyReply, secure: boolean): string {
  const name = cookieName(secure);
  const value = readCookie(request, name) ?? randomBytes(32).toString('base64url');
  const attributes = secure ? 'Path=/; Secure; HttpOnly; SameSite=None' : 'Path=/; HttpOnly; SameSite=Lax';
  reply.header('set-cookie', `${name}=${value}; Max-Age=${COOKIE_MAX_AGE_SECONDS}; ${attributes}`);
  return value;
}

export async function createOauthState(
  service: AuthService,
  input: { provider: string; redirectTo: string; pkce: { challenge: string; method: 's256' | 'plain' } | null; browser: string; linkUserId: string | null },
): Promise<OauthState> {
  const now = service.now();
  // Trips never finished are of no use after their 300 s; cleared here, a few at a time, by index.
  await service.db
    .deleteFrom('auth_oauth_states')
    .where('id', 'in', (eb) => eb.selectFrom('auth_oauth_states').select('id').where('created_at', '<', new Date(now.getTime() - 2 * FLOW_STATE_TTL_MS)).limit(20))
    .execute();
  return service.db
    .insertInto('auth_oauth_states')
    .values({
      provider: input.provider,
      redirect_to: input.redirectTo,
      code_challenge: input.pkce?.challenge ?? null,
      code_challenge_method: input.pkce?.method ?? null,
      provider_verifier: oidc.randomPKCECodeVerifier(),
      nonce: oidc.randomNonce(),
      browser_hash: hashOf(input.browser),
      link_user_id: input.linkUserId,
      created_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

const badState = () => new AuthApiError(400, 'bad_oauth_state', 'OAuth callback with invalid state');

/**
 * The state a callback names, spent: unknown, expired (300 s) and another browser's are one
 * answer (400 bad_oauth_state: a stranger learns nothing); a second use is 400
 * flow_state_already_used. Spending is one conditional update, so two callbacks at once on two
 * instances cannot both win.
 */
export async function spendOauthState(service: AuthService, request: FastifyRequest, state: string | undefined, secure: boolean): Promise<OauthState> {
  if (!state) throw new AuthApiError(400, 'bad_oauth_callback', 'OAuth state parameter missing');
  if (!UUID.test(state)) throw badState();
  const browser = readCookie(request, cookieName(secure));
  const row = await service.db.selectFrom('auth_oauth_states').selectAll().where('id', '=', state).executeTakeFirst();
  if (!row || !browser || hashOf(browser) !== row.browser_hash) throw badState();
  if (new Date(row.created_at).getTime() + FLOW_STATE_TTL_MS <= service.now().getTime()) throw badState();
  if (row.used_at) throw new AuthApiError(400, 'flow_state_already_used', 'State has already been used');
  const spent = await service.db
    .updateTable('auth_oauth_states')
    .set({ used_at: service.now() })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  if (!spent) throw new AuthApiError(400, 'flow_state_already_used', 'State has already been used');
  return spent;
}
