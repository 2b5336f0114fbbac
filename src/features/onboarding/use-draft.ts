/**
 * Answers typed on a step but not submitted yet, kept in this tab's sessionStorage, so going back
 * (the Back button or the browser's) and forward again, or reloading, does not lose them. Submitted
 * answers live on the server; the draft is only what is in between.
 */
const storageKey = (key: string) => `onboarding-draft:${key}`;

/** The step's starting answers with the draft kept for `key` over them. */
export function readDraft<T extends object>(key: string, start: T): T {
  try {
    const saved = sessionStorage.getItem(storageKey(key));
    return saved ? { ...start, ...(JSON.parse(saved) as Partial<T>) } : start;
  } catch {
    return start;
  }
}

/** Keeps what is typed now (called by the change handler: no effect needed). */
export function keepDraft(key: string, value: object): void {
  try {
    sessionStorage.setItem(storageKey(key), JSON.stringify(value));
  } catch {
    // Storage full or disabled: the draft simply is not kept.
  }
}
