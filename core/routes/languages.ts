export const languages = ['en', 'fr'] as const;
export type Language = (typeof languages)[number];
export const fallbackLanguage: Language = 'en';
/** SPEC §3: the chosen language is kept in localStorage under this key. */
export const languageStorageKey = 'onboarding-lang';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/** The stored choice, else the browser's preferred languages, else English. */
export function detectLanguage(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
  preferred: readonly string[] = globalThis.navigator?.languages ?? [],
): Language {
  const stored = safeGet(storage, languageStorageKey);
  if (isLanguage(stored)) return stored;
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return fallbackLanguage;
}

export function storeLanguage(language: Language, storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(languageStorageKey, language);
  } catch {
    // Private browsing or a full quota: the language still comes from the path.
  }
}

function safeGet(storage: Pick<Storage, 'getItem'> | undefined, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}
