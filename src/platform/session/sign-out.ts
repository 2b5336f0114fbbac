import { forgetUser } from '../analytics/identity';
import { loadSupabase, signingOutHere } from './session';
import { clearSessionCookies } from './signed-in';

/**
 * The one sign-out every signed-in screen calls (account menu, onboarding, success, sign-in page).
 * Ends this browser's session on the server (scope local: the person's other devices stay signed
 * in), clears every session cookie chunk, and forgets the analytics user id and the chat widget's
 * visitor. The session chart hears SIGNED_OUT from supabase-js (this page's own, not news from
 * another tab) and the address follows from it; the other tabs hear it at once (./tabs-channel).
 */
export async function signOut(options: { endedOnServer?: boolean } = {}): Promise<void> {
  forgetUser();
  await signingOutHere(async () => {
    try {
      // The server has already ended the session (the account was just erased, its sessions with it):
      // its token would only be refused (403, a failed request in the console, #37.5). Cleared
      // first, the stored session is not there for supabase-js to end on the server: it asks
      // nothing and only clears and says SIGNED_OUT.
      if (options.endedOnServer) clearSessionCookies();
      // Sign-out ignores 401/403/404 (SPEC §8): supabase-js clears the stored session either way.
      await (await loadSupabase()).auth.signOut({ scope: 'local' });
    } finally {
      clearSessionCookies();
    }
  });
}
