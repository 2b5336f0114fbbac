/**
 * The browser's tabs and windows of this site telling each other that someone signed in or out, at
 * once (supabase-js has a channel of its own, but a page started from the cookie has not loaded it).
 * The news is only a prompt: each tab reads the shared cookie, the truth, before acting on it.
 */
export type TabNews = { kind: 'signedIn'; userId: string } | { kind: 'signedOut' };

const CHANNEL_NAME = 'ringwise-session';

/** A message from another tab, of our shape; anything else is dropped. */
export function readTabNews(data: unknown): TabNews | null {
  if (!data || typeof data !== 'object') return null;
  const { kind, userId } = data as { kind?: unknown; userId?: unknown };
  if (kind === 'signedOut') return { kind };
  if (kind === 'signedIn' && typeof userId === 'string' && userId.length > 0 && userId.length <= 200) return { kind, userId };
  return null;
}

/**
 * Opens the channel: `onNews` hears the other tabs (a channel never hears its own posts); the
 * returned function tells them. Without BroadcastChannel (old browsers) nothing is told, and the
 * session's checks on focus and every 30 s find the change in the cookie.
 */
export function openTabsChannel(onNews: (news: TabNews) => void): (news: TabNews) => void {
  if (typeof BroadcastChannel !== 'function') return () => undefined;
  const channel = new BroadcastChannel(CHANNEL_NAME);
  channel.addEventListener('message', (event: MessageEvent<unknown>) => {
    const news = readTabNews(event.data);
    if (news) onNews(news);
  });
  return (news) => channel.postMessage(news);
}
