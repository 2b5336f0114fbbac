/**
 * The chat-support widget, in Intercom's wire format: `window.intercomSettings` plus the widget
 * script from Intercom's standard URL, driven through the `window.Intercom(...)` command queue.
 * Loaded only when INTERCOM_APP_ID is configured (publicConfig().widgets.intercomAppId), after the
 * page is interactive; aligned right (SPEC §2). User and company attributes (SPEC §3) are sent with
 * `updateChatWidget` once known; before the widget boots they are kept and sent at boot.
 */

export const CHAT_WIDGET_SCRIPT_BASE = 'https://widget.intercom.io/widget/';

export interface ChatWidgetUser {
  user_id?: string;
  email?: string | null;
  name?: string | null;
  phone?: string | null;
}

export interface ChatWidgetCompany {
  company_id: string;
  name?: string | null;
  plan?: string | null;
  monthly_spend?: number | null;
  user_count?: number | null;
  size?: string | null;
  website?: string | null;
  industry?: string | null;
}

export interface ChatWidgetAttributes {
  user?: ChatWidgetUser;
  company?: ChatWidgetCompany;
}

type IntercomCommand = (command: string, ...args: unknown[]) => void;
type QueuedIntercom = IntercomCommand & { q: unknown[][]; c(args: unknown[]): void };

declare global {
  interface Window {
    intercomSettings?: Record<string, unknown>;
    Intercom?: IntercomCommand;
  }
}

let appId: string | null = null;
let known: ChatWidgetAttributes = {};

/** Drops empty values: Intercom would otherwise overwrite a known attribute with null. */
function compact<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined && entry !== null && entry !== '')) as Partial<T>;
}

/** The settings object Intercom reads (exported for tests). */
export function chatWidgetSettings(id: string, attributes: ChatWidgetAttributes): Record<string, unknown> {
  const settings: Record<string, unknown> = { app_id: id, alignment: 'right', ...compact(attributes.user ?? {}) };
  if (attributes.company) {
    const company = compact(attributes.company);
    // Intercom's JavaScript API names the company key `id`; SPEC §3 calls it company_id. Both are sent.
    settings.company = { ...company, id: attributes.company.company_id };
  }
  return settings;
}

export function isChatWidgetLoaded(): boolean {
  return appId !== null;
}

/** Boots the widget once. No-op without an app id. */
export function loadChatWidget(id: string | null | undefined, doc: Document = document): void {
  if (!id || appId) return;
  appId = id;
  const win = doc.defaultView ?? window;
  win.intercomSettings = chatWidgetSettings(id, known);
  // Intercom's loader: a queue that records commands until the real script replaces it.
  const queued = ((...args: unknown[]) => queued.c(args)) as QueuedIntercom;
  queued.q = [];
  queued.c = (args) => {
    queued.q.push(args);
  };
  if (typeof win.Intercom !== 'function') win.Intercom = queued;
  const script = doc.createElement('script');
  script.async = true;
  script.src = `${CHAT_WIDGET_SCRIPT_BASE}${encodeURIComponent(id)}`;
  script.dataset.widget = 'chat';
  doc.head.appendChild(script);
  win.Intercom?.('boot', win.intercomSettings);
}

/** Adds what is now known about the user and their company (merged with what was sent before). */
export function updateChatWidget(attributes: ChatWidgetAttributes): void {
  known = {
    user: { ...known.user, ...attributes.user },
    ...(attributes.company || known.company ? { company: { ...known.company, ...attributes.company } as ChatWidgetCompany } : {}),
  };
  if (!appId || typeof window === 'undefined') return;
  window.intercomSettings = chatWidgetSettings(appId, known);
  window.Intercom?.('update', window.intercomSettings);
}

/** On sign-out: forget the visitor so the next person on this browser starts a fresh conversation. */
export function resetChatWidget(): void {
  known = {};
  if (!appId || typeof window === 'undefined') return;
  window.Intercom?.('shutdown');
  window.intercomSettings = chatWidgetSettings(appId, known);
  window.Intercom?.('boot', window.intercomSettings);
}

/** Route changes: Intercom checks for new messages and updates the page it shows the team. */
export function notifyChatWidgetOfNavigation(): void {
  if (appId && typeof window !== 'undefined') window.Intercom?.('update', { last_request_at: Math.floor(Date.now() / 1000) });
}

/** Tests only. */
export function resetChatWidgetForTests(): void {
  appId = null;
  known = {};
}
