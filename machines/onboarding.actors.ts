import { fromPromise } from 'xstate';
import type { Business, BusinessUpdate, FinishResult, LegitimacyResult, ResolvedUser } from '../core/contracts/onboarding';
import type { SubscriptionResponse, SubscriptionStatus } from '../core/contracts/payments';
import type { KycStatus, User } from '../core/contracts/user';
import type { FetchedUser, OnboardingContext, ProviderSignup } from './onboarding.types';

/**
 * What the funnel's effects need from the outside world. The browser passes the product API client,
 * the auth client and analytics (src/features/onboarding/onboarding-deps.ts); tests pass stand-ins.
 * The chart stays free of fetch, storage and SDKs.
 */
export interface OnboardingDeps {
  /** A product API call with the bearer token; rejects with `{ code }` (ApiError). */
  api<T>(path: string, request?: { method?: 'GET' | 'POST' | 'PATCH'; body?: unknown; signal?: AbortSignal }): Promise<T>;
  /** POST to one of the identity-check functions (`/functions/v1/<name>`) with the bearer token. */
  callFunction<T>(name: 'resolve-user' | 'kyc-status', body: unknown, signal?: AbortSignal): Promise<T>;
  /**
   * Renews the session when it was issued more than 120 s ago (SPEC §9 "stale"), so the token the
   * identity check reads carries the email and phone as they are now.
   */
  ensureFreshSession(): Promise<void>;
  /** Asks the auth service to text a 6-digit code proving the signed-in user owns this number. */
  sendPhoneCode(phone: string): Promise<void>;
  /** The two next-steps events (start-questionnaire-completed, web2app-onboarding-finished). */
  logFinished(properties: { firstTime: boolean }): void;
  /** The profile was loaded (analytics user id). */
  onUser?(user: User): void;
  /**
   * The sign-up a social sign-in's claims carry (src/platform/social/claims.ts), null for a person who
   * signed in by code (#35). Absent: the funnel never records a sign-up itself.
   */
  providerSignup?(): Promise<ProviderSignup | null>;
}

/**
 * GET /v1/user and /v1/business at once, with the social sign-up the session carries. SPEC §7:
 * /v1/user is null on failure and the chart then continues with no user; a cancelled fetch (the
 * chart left the state, the page was remounted) is not "no user".
 */
async function loadUser(deps: OnboardingDeps, origin: OnboardingContext['origin'], signal: AbortSignal): Promise<FetchedUser> {
  const orNull = (error: unknown) => {
    if (signal.aborted) throw error;
    return null;
  };
  // Both asked at once: the business is needed as soon as the user is (the paywall waits for
  // both), and one round trip after the other was a third of the paywall's wait on a phone.
  // Without a user the business answer is dropped (SPEC §4 rule 2: continue with no user).
  const [user, business, provider] = await Promise.all([
    deps.api<User>('/v1/user', { signal }).catch(orNull),
    deps.api<Business>('/v1/business', { signal }).catch(orNull),
    deps.providerSignup ? deps.providerSignup().catch(() => null) : Promise.resolve(null),
  ]);
  if (!user) return { user: null, business: null };
  deps.onUser?.(user);
  if (origin && user.data.onboarding_origin !== origin) {
    // Where the visitor came from (default, email-form, form), kept with their data.
    await deps.api('/v1/user/data', { method: 'PATCH', body: { onboarding_origin: origin }, signal }).catch(() => undefined);
  }
  return provider ? { user, business, provider } : { user, business };
}

/** The chart's named effects, implemented over `deps`. `machine.provide({ actors: createOnboardingActors(deps) })`. */
export function createOnboardingActors(deps: OnboardingDeps) {
  return {
    fetchUser: fromPromise<FetchedUser, { origin: OnboardingContext['origin'] }>(({ input, signal }) => loadUser(deps, input.origin, signal)),
    /**
     * A person new through a provider (#35): the sign-up form's answers come from the claims, then
     * the profile is read again with them. A refused save (the email another account's, a
     * network failure) does not stop the funnel: the phone step and the questions need neither.
     */
    saveProviderSignup: fromPromise<FetchedUser, { signup: ProviderSignup; origin: OnboardingContext['origin'] }>(async ({ input, signal }) => {
      await deps.api('/v1/signup/complete', { method: 'POST', body: input.signup, signal });
      return { ...(await loadUser(deps, input.origin, signal)), provider: null };
    }),
    savePhone: fromPromise<void, { phone: string }>(async ({ input, signal }) => {
      // PATCH first: a number that belongs to another account fails here with PHONE_ALREADY_EXISTS.
      await deps.api('/v1/user', { method: 'PATCH', body: { phone: { number: input.phone } }, signal });
      await deps.sendPhoneCode(input.phone);
    }),
    saveBusiness: fromPromise<Business, BusinessUpdate>(({ input, signal }) =>
      deps.api<Business>('/v1/business', { method: 'PATCH', body: input, signal }),
    ),
    checkIdentity: fromPromise<KycStatus | null, { email: string | null }>(async ({ signal }) => {
      // The rules run once per user (the server returns a decided status unchanged).
      await deps.api<LegitimacyResult>('/v1/user/legitimacy-verification', { method: 'POST', body: {}, signal });
      // SPEC §4: resolve email and phone from the session, then look the record up by them.
      await deps.ensureFreshSession();
      const resolved = await deps.callFunction<ResolvedUser>('resolve-user', {}, signal);
      const found = await deps.callFunction<{ kyc_status: KycStatus | null }>('kyc-status', resolved, signal);
      return found.kyc_status;
    }),
    checkSubscription: fromPromise<SubscriptionStatus | null, Record<string, never>>(async ({ signal }) => {
      const { subscription } = await deps.api<SubscriptionResponse>('/v1/subscription', { signal });
      return subscription?.status ?? null;
    }),
    finishOnboarding: fromPromise<FinishResult, Record<string, never>>(({ signal }) =>
      deps.api<FinishResult>('/v1/onboarding/finish', { method: 'POST', body: {}, signal }),
    ),
    recordFinished: fromPromise<void, { firstTime: boolean }>(async ({ input }) => {
      deps.logFinished({ firstTime: input.firstTime });
    }),
  };
}
