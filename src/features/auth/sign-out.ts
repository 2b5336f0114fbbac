import { publicConfig } from '../../app/public-config';
import { forgetUser } from '../analytics/identity';
import { cookieShouldBeSecure, createCookieStorage } from './cookie-storage';
import { loadSupabase } from './session';
import { sessionStorageKey } from './signed-in';

/**
 * Every cookie the session may have left: the session itself (one cookie, or chunks `.0`, `.1`, …,
 * including stray chunks of an older, longer session) and supabase-js's side keys (the PKCE
 * verifier of an emailed link, the user copy). supabase-js removes the session key itself, but only
 * when the server answered; this runs whatever it answered, so nothing is left behind.
 */
export function clearSessionCookies(): void {
  const { auth } = publicConfig();
  const storage = createCookieStorage({ domain: auth.cookieDomain, secure: cookieShouldBeSecure(window.location) });
  const key = sessionStorageKey(auth.url);
  for (const name of [key, `${key}-code-verifier`, `${key}-user`]) storage.removeItem(name);
}

/**
 * The one sign-out every signed-in screen calls (account menu, onboarding, success, sign-in page).
 * Ends this browser's session on the server (scope local: the person's other devices stay signed
 * in), clears every session cookie chunk, and forgets the analytics user id and the chat widget's
 * visitor. The session chart hears SIGNED_OUT from supabase-js and the address follows from it.
 */
export async function signOut(): Promise<void> {
  forgetUser();
  try {
    // Sign-out ignores 401/403/404 (SPEC §8): supabase-js clears the stored session either way.
    await (await loadSupabase()).auth.signOut({ scope: 'local' });
  } finally {
    clearSessionCookies();
  }
}
