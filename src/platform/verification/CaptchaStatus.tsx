import type { TFunction } from 'i18next';
import { visuallyHidden } from '../../ui/visually-hidden.css';
import { useSyncExternalStore } from 'react';

/**
 * "Checking your browser…" for screen readers, only while a submitted send still waits for the
 * browser check (the captcha): nothing to see, since the proof of work needs nobody's help. The
 * region is always there, so the text is announced when it appears. `t` must reach 'auth'.
 */
export function CaptchaStatus({ t }: { t: TFunction }) {
  const checking = useCaptchaChecking();
  return (
    <span role="status" className={visuallyHidden}>
      {checking ? t('auth:captcha.checking') : null}
    </span>
  );
}


/**
 * Whether a code send is waiting for the browser check (the captcha) to finish: a few bytes the
 * forms' first render can carry, while the check itself (captcha.ts) loads after it.
 */
let checking = false;
const listeners = new Set<() => void>();

export function setCaptchaChecking(next: boolean): void {
  if (next === checking) return;
  checking = next;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** True while a submitted send waits for the check: the forms say "Checking your browser…" to screen readers then. */
export function useCaptchaChecking(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => checking,
    () => false,
  );
}

