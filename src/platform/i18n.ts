import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { fallbackLanguage, languages, type Language } from '../../core/routes/languages';

// One lazy chunk per language and namespace: a page downloads only the texts it shows.
const loaders = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/*.json');

const localeBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = loaders[`../../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

/**
 * Fetches texts before i18next asks for them: the backend's read then gets the module the browser
 * already holds (a dynamic import of the same file is one request).
 */
export function preloadTexts(language: Language, namespaces: readonly string[]): void {
  for (const namespace of namespaces) loaders[`../../locales/${language}/${namespace}.json`]?.().catch(() => undefined);
}

export const i18n = i18next.createInstance();

/** Texts of one language by namespace, as a prerendered page carries them (src/app/prerendered.ts). */
export type InlineTexts = Record<string, Record<string, unknown>>;

/** `texts`: the namespaces the page already holds; they are not fetched again. */
export async function initI18n(language: Language, texts?: InlineTexts): Promise<void> {
  await i18n
    .use(localeBackend)
    .use(initReactI18next)
    .init({
      ...(texts ? { resources: { [language]: texts }, partialBundledLanguages: true } : {}),
      lng: language,
      fallbackLng: fallbackLanguage,
      supportedLngs: [...languages],
      ns: ['common'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    });
  document.documentElement.lang = language;
}

export async function switchLanguage(language: Language): Promise<void> {
  if (i18n.language !== language) await i18n.changeLanguage(language);
  document.documentElement.lang = language;
}
