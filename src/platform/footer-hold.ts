import { useEffect, useSyncExternalStore } from 'react';

/**
 * Loading views that stand in for a page's content (the routed page's chunk, the onboarding step's
 * data, the paywall's plans) hold the site footer back while they are on screen. Drawn under a
 * loading view a few lines tall, the footer sat mid-screen on a phone and was pushed down when the
 * content arrived: that footer was the whole layout shift Lighthouse measured on the generator
 * (CLS 0.117) and the paywall (0.104), and on start and demo (0.06, 0.16) signed in.
 */
let holding = 0;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Rendered inside a loading view: the footer waits while it is mounted. */
export function FooterHold(): null {
  useEffect(() => {
    holding += 1;
    notify();
    return () => {
      holding -= 1;
      notify();
    };
  }, []);
  return null;
}

/** Whether a loading view is on screen (the site shell draws the footer once none is). */
export function useFooterHeld(): boolean {
  const held = () => holding > 0;
  // The same answer on the server: the prerendered start page (scripts/vite-prerender.ts).
  return useSyncExternalStore(subscribe, held, held);
}
