/**
 * The tag manager (Google Tag Manager wire format: `window.dataLayer` and gtm.js from its standard
 * URL). Loaded only when GTM_ID is configured, after the page is interactive.
 */

export const TAG_MANAGER_SCRIPT_BASE = 'https://www.googletagmanager.com/gtm.js?id=';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

let loadedId: string | null = null;

export function loadTagManager(id: string | null | undefined, doc: Document = document): void {
  if (!id || loadedId) return;
  loadedId = id;
  const win = doc.defaultView ?? window;
  win.dataLayer = win.dataLayer ?? [];
  win.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = doc.createElement('script');
  script.async = true;
  script.src = `${TAG_MANAGER_SCRIPT_BASE}${encodeURIComponent(id)}`;
  script.dataset.widget = 'tag-manager';
  doc.head.appendChild(script);
}

/** Tests only. */
export function resetTagManagerForTests(): void {
  loadedId = null;
}
