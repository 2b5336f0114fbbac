import { apiRequest, ApiError } from '../../platform/api-client';
import { publicConfig } from '../../platform/public-config';
import type { OnboardingDeps } from '../../../machines/onboarding.actors';
import { logEvent } from '../../platform/analytics/analytics';
import { analyticsEvents } from '../../platform/analytics/events';
import { identifyUser } from '../../platform/analytics/identity';
import { refreshIfStale } from '../../platform/session/fresh-session';
import { toAuthErrorCode } from '../../platform/verification/otp';
import { loadSupabase } from '../../platform/session/session';
import { providerSignupFromSession } from '../../platform/social/provider-signup';

/**
 * supabase-js, loaded when an effect needs it (renewing the session, texting a code): the funnel's
 * chunk then does not carry it, and the paywall paints without waiting for it. Loaded through the
 * session, so the session chart hears what it then does (a refresh, a phone change).
 */
const supabase = loadSupabase;

/** The signed-in person the funnel last loaded (the milestones below are logged under their id). */
let loadedUserId: string | undefined;

/** The funnel's effects in the browser: the product API, the auth client and analytics. */
export const browserOnboardingDeps: OnboardingDeps = {
  api: (path, request) => apiRequest(path, request ?? {}),
  callFunction: (name, body, signal) => apiRequest(`${publicConfig().functionsUrl}/${name}`, { method: 'POST', body, ...(signal ? { signal } : {}) }),
  async ensureFreshSession() {
    await refreshIfStale((await supabase()).auth, Date.now());
  },
  async sendPhoneCode(phone) {
    // GoTrue texts a phone_change code to the new number; the session stays the signed-in one.
    const { error } = await (await supabase()).auth.updateUser({ phone });
    if (error) {
      const failure = toAuthErrorCode(error);
      throw new ApiError(error.status ?? 400, failure.code, error.message);
    }
  },
  logFinished({ firstTime }) {
    // Each is kept once per user by the ingest (oncePerUserEvents, a unique index), so a reload of
    // next-steps, a second device or an SDK retry never counts a trial twice; the user id is named
    // on the events themselves, whatever the client's own user id is at that moment.
    const who = loadedUserId ? { userId: loadedUserId } : {};
    // Reaching next-steps with a subscription for the first time is the moment the trial began.
    if (firstTime) logEvent(analyticsEvents.trialStarted, {}, who);
    // SPEC §2: the next-steps loader logs these two events.
    logEvent(analyticsEvents.startQuestionnaireCompleted, {}, who);
    logEvent(analyticsEvents.onboardingFinished, { first_time: firstTime }, who);
  },
  // A person new through Google, Microsoft, Apple or an OpenID Connect provider (#35).
  providerSignup: providerSignupFromSession,
  onUser(user) {
    loadedUserId = user.id;
    // SPEC §3: the user id is attached once the profile is loaded; the chat widget learns who it is.
    const { first_name, last_name, email, phone } = user.profile;
    const name = [first_name, last_name].filter(Boolean).join(' ') || null;
    identifyUser({ id: user.id, email, phone, name, company: { company_id: user.id } });
  },
};
