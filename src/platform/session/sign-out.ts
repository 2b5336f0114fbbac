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
export async function signOut(): Promise<void> {
  forgetUser();
  await signingOutHere(async () => {
    try {
      // Sign-out ignores 401/403/404 (SPEC §8): supabase-js clears the stored session either way.
      await (await loadSupabase()).auth.signOut({ scope: 'local' });
    } finally {
      clearSessionCookies();
    }
  });
}
