import { publicConfig } from '../public-config';
import { readSocialSettings, type SocialSettings } from './providers';

let settings: Promise<SocialSettings> | undefined;

/**
 * The auth service's enabled providers and manual-linking switch, asked once per page load (the
 * same `GET /auth/v1/settings` supabase-js's project answers). A failure is "no provider": the
 * page keeps its code sign-in, which always works, and the next page load asks again.
 */
export function socialSettings(fetchImpl: typeof fetch = fetch): Promise<SocialSettings> {
  return (settings ??= (async () => {
    const { auth } = publicConfig();
    try {
      const response = await fetchImpl(`${auth.url}/auth/v1/settings`, { headers: { accept: 'application/json', apikey: auth.publishableKey } });
      return readSocialSettings(response.ok ? await response.json() : null);
    } catch {
      return readSocialSettings(null);
    }
  })());
}
