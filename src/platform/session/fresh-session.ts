import type { SupabaseClient } from '@supabase/supabase-js';
import { isSessionStale } from '../../../machines/session.machine';

type SessionAuth = Pick<SupabaseClient['auth'], 'getSession' | 'refreshSession'>;

/**
 * Renews a session issued more than 120 s ago (SPEC §9), so claims read from it (email, phone)
 * are current. Returns whether a refresh happened. A failed refresh keeps the current token, which
 * is still valid until it expires; the server decides with it.
 */
export async function refreshIfStale(auth: SessionAuth, now: number): Promise<boolean> {
  const { data } = await auth.getSession();
  if (!data.session || !isSessionStale(data.session, now)) return false;
  const { error } = await auth.refreshSession();
  if (error) {
    console.warn('session refresh failed', error.message);
    return false;
  }
  return true;
}
