import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { setAccessTokenProvider } from '../api-client';
import { publicConfig } from '../public-config';
import { cookieShouldBeSecure, createCookieStorage } from './cookie-storage';

let client: SupabaseClient | undefined;

/**
 * The one Supabase client of the SPA, created from /config.json (this server's auth service, or a
 * real Supabase project), with its session in the shared chunked cookie. Creating it registers the
 * product API's bearer-token provider.
 *
 * PKCE flow: an emailed link comes back with ?code= and is exchanged with the verifier kept in the
 * cookie; an address carrying error params is never read for a session (supabase-js
 * detectSessionInUrl), and the error is kept for the sign-in page (see session.ts).
 */
export function getSupabase(): SupabaseClient {
  if (client) return client;
  const { auth } = publicConfig();
  client = createClient(auth.url, auth.publishableKey, {
    auth: {
      storage: createCookieStorage({ domain: auth.cookieDomain, secure: cookieShouldBeSecure(window.location) }),
      flowType: 'pkce',
      persistSession: true,
      autoRefreshToken: true,
      detectSessionInUrl: true,
      // supabase-js's passkey calls (auth.passkey.*, registerPasskey: #36) are behind this flag.
      experimental: { passkey: true },
    },
  });
  const supabase = client;
  setAccessTokenProvider(async () => {
    const { data } = await supabase.auth.getSession();
    return data.session?.access_token ?? null;
  });
  return supabase;
}
