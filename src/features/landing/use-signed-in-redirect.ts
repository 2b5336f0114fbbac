import { useState } from 'react';
import { useSearch } from 'wouter';
import type { Language } from '../../app/languages';
import { paths, withSearch } from '../../app/paths';
import { readTrackingParams, saveTrackingParams, trackingParamNames } from '../../app/tracking-params';
import { hasStoredSession } from '../auth/signed-in';

/**
 * SPEC §2: a visitor who arrives on a landing page with a session goes to /{lng}/onboarding, and the
 * custom_code and utm values are saved on the way (and carried in the address). Only the status at
 * arrival counts: the session that the sign-up itself creates must not cut the flow short before
 * the account is saved. The check reads the session cookie (no supabase-js on landing pages); a
 * stale session found there is sorted out by the onboarding route's session chart.
 */
export function useSignedInRedirect(lng: Language): string | null {
  const search = useSearch();
  const [signedInOnArrival] = useState(hasStoredSession);
  if (!signedInOnArrival) return null;
  saveTrackingParams(search);
  const current = new URLSearchParams(search);
  const tracking: Record<string, string | undefined> = { ...readTrackingParams() };
  for (const name of trackingParamNames) tracking[name] = current.get(name) ?? tracking[name];
  return withSearch(paths.onboarding.build(lng), tracking);
}
