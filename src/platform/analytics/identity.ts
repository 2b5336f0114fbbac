import type { ChatWidgetCompany } from '../widgets/chat-widget';
import { resetChatWidgetLater, updateChatWidgetLater } from '../widgets/widgets.lazy';
import { onAnalyticsReady, setAnalyticsUserId } from './analytics';

/**
 * What onboarding (or any page that loads the profile) calls once the profile is known: attaches the
 * user id to analytics (SPEC §3) and fills the chat widget's user and company attributes. Safe to call
 * before analytics is ready: the id is attached as soon as it is (unlike `setAnalyticsUserId`, which
 * drops with the SPEC warning).
 *
 *   identifyUser({ id: profile.user_id, email, name: `${first} ${last}`, phone,
 *                  company: { company_id: profile.user_id, name: business.company_name, size, website, industry, plan } });
 */
export interface IdentifiedUser {
  id: string;
  email?: string | null;
  name?: string | null;
  phone?: string | null;
  company?: ChatWidgetCompany;
}

let cancelPending: (() => void) | null = null;

export function identifyUser(user: IdentifiedUser): void {
  cancelPending?.();
  cancelPending = onAnalyticsReady(() => setAnalyticsUserId(user.id));
  updateChatWidgetLater({
    user: { user_id: user.id, email: user.email ?? null, name: user.name ?? null, phone: user.phone ?? null },
    ...(user.company ? { company: user.company } : {}),
  });
}

/** On sign-out: detach the user id and reset the chat widget's visitor. */
export function forgetUser(): void {
  cancelPending?.();
  cancelPending = onAnalyticsReady(() => setAnalyticsUserId(null));
  resetChatWidgetLater();
}
