import type { SendRefusal } from '../core/auth-codes';
import type { Language } from '../core/routes/languages';
import type { Business, BusinessSize, BusinessUpdate, FinishResult, Interval, OnboardingOrigin, Plan } from '../core/contracts/onboarding';
import type { SignupCompleteRequest } from '../core/contracts/signup-forms';
import type { KycStatus, User } from '../core/contracts/user';

/** The onboarding addresses (names from core/routes/paths.ts) the funnel chart reads and writes. */
export const onboardingRoutes = [
  'onboarding',
  'steps',
  'verifyPhone',
  'size',
  'details',
  'crm',
  'checkoutForm',
  'nextSteps',
  'onboardingSuccess',
] as const;
export type OnboardingRoute = (typeof onboardingRoutes)[number];

/** The questionnaire steps, in order. */
export const questionnaireSteps = ['verifyPhone', 'size', 'details', 'crm'] as const;
export type QuestionnaireStep = (typeof questionnaireSteps)[number];

/** What the chart knows of the auth session (SPEC §3: only is_anonymous and the user matter here). */
export interface SessionInfo {
  userId: string;
  isAnonymous: boolean;
}

export type DetailsAnswers = Required<Pick<BusinessUpdate, 'company_name' | 'industry' | 'job_role' | 'country'>> & Pick<BusinessUpdate, 'website'>;
export type CrmAnswer = { crm: string; crm_other?: string | null };

export interface OnboardingInput {
  lng: Language;
  location: { route: OnboardingRoute; search: string };
  /** undefined while the auth client is still reading the session. */
  session: SessionInfo | null | undefined;
  /** Where users with a role go (SPEC §4 rule 4). */
  webAppUrl: string;
}

export interface OnboardingContext {
  lng: Language;
  webAppUrl: string;
  /** The address the user asked for (typed, linked, back/forward): the loader rules read it. */
  requested: OnboardingRoute;
  origin: OnboardingOrigin | null;
  email: string | null;
  interval: Interval;
  plan: Plan;
  session: SessionInfo | null | undefined;
  user: User | null;
  business: Business | null;
  /** How the next URL change enters history: redirects replace, moving on pushes. */
  historyMode: 'push' | 'replace';
  /** A stable error code for the current view (translated by the page), or null. */
  error: string | null;
  /**
   * verify-phone's refused code send (core/auth-codes.ts): the 60 s wait (the code field opens for
   * the code already sent) or a budget (nothing sent), with when it was refused (epoch ms).
   */
  sendRefusal: (SendRefusal & { at: number }) | null;
}

export type OnboardingEvent =
  /** `lng`: the address's language (the same funnel is reached in the other language). */
  | { type: 'location.changed'; route: OnboardingRoute; search: string; lng?: Language }
  | { type: 'session.changed'; session: SessionInfo | null }
  | { type: 'phone.submitted'; phone: string }
  | { type: 'phone.edit' }
  | { type: 'phone.verified' }
  | { type: 'size.submitted'; size: BusinessSize }
  | { type: 'details.submitted'; details: DetailsAnswers }
  | { type: 'crm.submitted'; answer: CrmAnswer }
  | { type: 'step.back' }
  | { type: 'checkout.selected'; interval: Interval; plan: Plan }
  | { type: 'checkout.started' }
  | { type: 'retry' };

export type OnboardingEmitted = { type: 'step.viewed'; step: string } | { type: 'step.skipped'; step: string; reason: 'already-satisfied' };

export interface FetchedUser {
  user: User | null;
  business: Business | null;
  /**
   * The sign-up a social or OpenID Connect sign-in carries (#35): names and email from the
   * provider's claims, the landing page the button was on. Null (or absent) for code sign-ins.
   */
  provider?: ProviderSignup | null;
}

/** What a provider's claims fill in of the sign-up form (POST /v1/signup/complete's body). */
export type ProviderSignup = SignupCompleteRequest;

export type { Business, FinishResult, KycStatus, User };
