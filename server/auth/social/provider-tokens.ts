import type { AuthService } from '../service';

/**
 * GoTrue's `provider_token` / `provider_refresh_token` in the PKCE exchange's answer: the
 * provider's own tokens, for a client that wants to call the provider's API. Kept sealed in the
 * flow state until then, never logged.
 */
export function providerTokens(service: AuthService, flow: { provider_access_token: string | null; provider_refresh_token: string | null }) {
  return {
    ...(flow.provider_access_token ? { provider_token: service.box.decrypt(flow.provider_access_token) } : {}),
    ...(flow.provider_refresh_token ? { provider_refresh_token: service.box.decrypt(flow.provider_refresh_token) } : {}),
  };
}
