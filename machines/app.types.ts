import type { Language } from '../core/routes/languages';
import type { RoutedName } from '../core/routes/route-matching';
import type { KycStatus } from '../core/contracts/user';

/** What the browser knows when an address arrives, carried by the event so the chart's guards stay pure. */
export interface AddressFacts {
  pathname: string;
  search: string;
  /** The stored or browser language, for `/` and addresses without a known language. */
  detected: Language;
  /** Whether a person's (not anonymous) session cookie is held right now (landing pages send such a visitor on, SPEC §2, §6). */
  signedIn: boolean;
  /** The custom_code and utm values kept from earlier visits (carried into the onboarding address). */
  tracking: Record<string, string>;
}

/** What the app chart keeps of the funnel's own chart (machines/onboarding.machine.ts). */
export interface FunnelReport {
  /** The funnel's address (its own projection), null while it decides (a loading view). */
  href: string | null;
  replace: boolean;
  /** Where a finished funnel sent the person: the language home, the review page, or the web app. */
  exit: 'home' | 'failure' | 'webApp' | null;
  kyc: KycStatus | null;
  hasRole: boolean;
  businessComplete: boolean;
}

export interface SessionFacts {
  userId: string;
  isAnonymous: boolean;
}

export interface AppContext {
  lng: Language;
  /** The page on screen (a name from core/routes/paths.ts). */
  page: RoutedName;
  /** The search string of the page's address (tracking values, prefills, a plan). */
  search: string;
  /**
   * How the next address the chart projects enters history. `link`: pushed as a link's move, so the
   * entry before is the page the link was on, not a funnel step (the funnel's in-page Back then
   * steps back in place instead of using the browser's Back).
   */
  historyMode: 'push' | 'replace' | 'link';
  /**
   * A link led into the funnel and the funnel has not decided its page yet: the address stays as it
   * is until then (a page the funnel refuses never reaches history), and what it decides is pushed.
   */
  linkPending: boolean;
  /** An address outside the SPA to leave for (payment provider, card page, web app). */
  leaveTo: string | null;
  /** While this session is signed out to sign in to another account: the number the sign-in page is given. */
  signInPhone: string | null;
  funnel: FunnelReport | null;
  /** The address that arrived and the page it resolves to, until the page states have decided on it. */
  arrived: ArrivedAddress | null;
  webAppUrl: string;
}

/** An address as it arrived, with what it resolves to (redirects such as `/` → `/en` followed). */
export interface ArrivedAddress extends AddressFacts {
  resolved: { page: RoutedName; lng: Language; search: string };
  /** Asked for by a link: not in history, so the page decided on is pushed (else it replaces). */
  link: boolean;
}

export type AppEvent =
  /**
   * Every address change: load, typed, back, forward, reload (already in the browser's history), and a
   * link (`link: true`: asked for, not in history yet; only the page the chart decides on is written).
   */
  | ({ type: 'url.changed'; link?: boolean } & AddressFacts)
  /** The landing sign-up saved the account: on to onboarding (SPEC §2). */
  | { type: 'signup.completed'; origin: 'default' | 'email-form' | 'form'; tracking: Record<string, string> }
  /** A code or emailed link signed the person in. `resumed`: back from an emailed link. */
  | { type: 'signIn.completed'; resumed: boolean }
  /** The identity review found the person VALIDATED: on to the paywall. */
  | { type: 'review.validated' }
  /** Sign-out finished (account menu, account page, review page). */
  | { type: 'signedOut' }
  /**
   * Sign in to another account instead (verify-phone: the number has its own account): this session
   * is signed out first, then the sign-in page opens with the number filled in.
   */
  | { type: 'signIn.instead'; phone: string }
  /** Leave the SPA for an address a server gave (hosted checkout, card update page). */
  | { type: 'leave'; href: string }
  /** The funnel's in-page Back; `previousIsStep`: the history entry before is the previous step. */
  | { type: 'funnel.back'; previousIsStep: boolean }
  | { type: 'funnel.changed'; report: FunnelReport }
  | { type: 'session.changed'; session: SessionFacts | null }
  /** The language switch on a page whose address has no language (/account, /success). */
  | { type: 'language.chosen'; lng: Language };

export interface AppInput {
  address: AddressFacts;
  webAppUrl: string;
}
