import { publicConfig } from '../public-config';
import type { ChatWidgetAttributes } from './chat-widget';

/**
 * The widgets' code (chat, tag manager) is fetched only when one is configured (INTERCOM_APP_ID,
 * GTM_ID): a page without them, which is every page in the default configuration, carries none of
 * it, and with them it arrives after the first render, when SPEC §2 starts them. Calls made before
 * the code arrives run in order once it has.
 */
const chatWidget = () => import('./chat-widget');

function chatAppId(): string | null {
  try {
    return publicConfig().widgets.intercomAppId ?? null;
  } catch {
    // Before the configuration is read nothing can have started a widget.
    return null;
  }
}

export function loadWidgets(ids: { intercomAppId?: string | null; gtmId?: string | null }): void {
  const { intercomAppId, gtmId } = ids;
  if (intercomAppId) void chatWidget().then((widget) => widget.loadChatWidget(intercomAppId));
  if (gtmId) void import('./tag-manager').then((tags) => tags.loadTagManager(gtmId));
}

/** What is now known of the user and their company (kept by the widget's module until it boots). */
export function updateChatWidgetLater(attributes: ChatWidgetAttributes): void {
  if (chatAppId()) void chatWidget().then((widget) => widget.updateChatWidget(attributes));
}

export function resetChatWidgetLater(): void {
  if (chatAppId()) void chatWidget().then((widget) => widget.resetChatWidget());
}

export function notifyChatWidgetOfNavigationLater(): void {
  if (chatAppId()) void chatWidget().then((widget) => widget.notifyChatWidgetOfNavigation());
}
