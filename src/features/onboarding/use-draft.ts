import { useEffect, useState } from 'react';

/**
 * Answers typed on a step but not submitted yet, kept in this tab's sessionStorage, so going back
 * (the Back button or the browser's) and forward again, or reloading, does not lose them. Submitted
 * answers live on the server; the draft is only what is in between.
 */
export function useDraft<T extends object>(key: string, initial: () => T): [T, (update: (current: T) => T) => void] {
  const storageKey = `onboarding-draft:${key}`;
  const [value, setValue] = useState<T>(() => {
    const start = initial();
    try {
      const saved = sessionStorage.getItem(storageKey);
      return saved ? { ...start, ...(JSON.parse(saved) as Partial<T>) } : start;
    } catch {
      return start;
    }
  });
  useEffect(() => {
    try {
      sessionStorage.setItem(storageKey, JSON.stringify(value));
    } catch {
      // Storage full or disabled: the draft simply is not kept.
    }
  }, [storageKey, value]);
  return [value, (update) => setValue(update)];
}
