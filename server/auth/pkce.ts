import { createHash, randomBytes } from 'node:crypto';
import { AuthApiError, validationFailed } from './errors';
import type { AuthService } from './service';

export const FLOW_STATE_TTL_MS = 5 * 60_000;

/** Validates the PKCE pair sent with /otp or /recover (contract §3.1: 400 validation_failed). */
export function parseCodeChallenge(challenge: string | null | undefined, method: string | null | undefined) {
  if (!challenge && !method) return null;
  if (!challenge || !method) throw validationFailed('PKCE flow requires code_challenge_method and code_challenge');
  const normalized = method.toLowerCase();
  if (normalized !== 's256' && normalized !== 'plain') throw validationFailed('code challenge method not supported');
  if (!/^[A-Za-z0-9._~-]{43,128}$/.test(challenge)) throw validationFailed('code challenge has to be between 43 and 128 characters');
  return { challenge, method: normalized as 's256' | 'plain' };
}

/** Stores a flow state and returns the one-time auth code the browser exchanges with its verifier. */
export async function createFlowState(
  service: AuthService,
  input: { userId: string; challenge: string; method: 's256' | 'plain'; authenticationMethod: string; provider?: { name: string; accessToken: string | null; refreshToken: string | null } },
): Promise<string> {
  const authCode = randomBytes(24).toString('base64url');
  await service.db
    .insertInto('auth_flow_states')
    .values({
      auth_code_hash: createHash('sha256').update(authCode).digest('base64url'),
      code_challenge: input.challenge,
      code_challenge_method: input.method,
      user_id: input.userId,
      authentication_method: input.authenticationMethod,
      created_at: service.now(),
      // A provider sign-in's tokens, sealed until the exchange hands them over (provider_token, #35).
      ...(input.provider
        ? {
            provider: input.provider.name,
            provider_access_token: input.provider.accessToken ? service.box.encrypt(input.provider.accessToken) : null,
            provider_refresh_token: input.provider.refreshToken ? service.box.encrypt(input.provider.refreshToken) : null,
          }
        : {}),
    })
    .execute();
  return authCode;
}

/** `grant_type=pkce`: the flow state for this code if the verifier matches; destroyed on success. */
export async function exchangeFlowState(service: AuthService, authCode: string, verifier: string) {
  const row = await service.db
    .selectFrom('auth_flow_states')
    .selectAll()
    .where('auth_code_hash', '=', createHash('sha256').update(authCode).digest('base64url'))
    .executeTakeFirst();
  if (!row) throw new AuthApiError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
  if (new Date(row.created_at).getTime() + FLOW_STATE_TTL_MS <= service.now().getTime()) {
    await service.db.deleteFrom('auth_flow_states').where('id', '=', row.id).execute();
    throw new AuthApiError(422, 'flow_state_expired', 'invalid flow state, flow state has expired');
  }
  const computed = row.code_challenge_method === 's256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
  const a = Buffer.from(computed);
  const b = Buffer.from(row.code_challenge);
  if (a.length !== b.length || !a.equals(b)) throw new AuthApiError(400, 'bad_code_verifier', 'code challenge does not match previously saved code verifier');
  await service.db.deleteFrom('auth_flow_states').where('id', '=', row.id).execute();
  return row;
}
