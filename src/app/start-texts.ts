import { startTextLoaders } from 'virtual:start-texts';
import type { Language } from '../../core/routes/languages';
import { decideRoute } from '../../core/routes/route-matching';
import type { InlineTexts } from '../platform/i18n';
import { startNamespaces } from './route-texts';

/**
 * The texts the page at this address starts with, in `language` (the one i18next starts in), in one
 * request (scripts/vite-start-texts.ts); undefined when there is none or it failed, and i18next then
 * loads them one by one.
 */
export function loadStartTexts(pathname: string, language: Language): Promise<InlineTexts | undefined> {
  const decision = decideRoute(pathname, () => language);
  if (decision.kind !== 'page') return Promise.resolve(undefined);
  const load = startTextLoaders[`${language}/${startNamespaces(decision.name).join('-')}`];
  if (!load) return Promise.resolve(undefined);
  return load().then(
    (module) => module.default,
    () => undefined,
  );
}
