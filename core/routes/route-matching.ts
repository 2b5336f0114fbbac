import { detectLanguage, isLanguage, type Language } from './languages';
import { paths, type PathName } from './paths';

export type RoutedName = Exclude<PathName, 'root'>;

interface CompiledRoute {
  name: RoutedName;
  regex: RegExp;
  hasLanguage: boolean;
}

// Fixed paths first, so '/success' is never read as the language 'success'.
const compiled: CompiledRoute[] = (Object.keys(paths) as PathName[])
  .filter((name): name is RoutedName => name !== 'root')
  .map((name) => {
    const pattern: string = paths[name].pattern;
    return {
      name,
      hasLanguage: pattern.includes(':lng'),
      regex: new RegExp(`^${pattern.replace(':lng', '([^/]+)')}/?$`),
    };
  })
  .sort((a, b) => Number(a.hasLanguage) - Number(b.hasLanguage));

export type RouteDecision =
  | { kind: 'page'; name: RoutedName; lng?: Language }
  | { kind: 'redirect'; to: string; storeLanguage?: Language };

/**
 * What the app does for a pathname (SPEC §2): a page, or a redirect that replaces history.
 * `/` goes to the stored or detected language; an unknown language in the first segment is swapped
 * for the detected one (and stored); anything else unknown goes to `/`.
 */
export function decideRoute(pathname: string, detect: () => Language = () => detectLanguage()): RouteDecision {
  if (pathname === '/' || pathname === '') return { kind: 'redirect', to: `/${detect()}` };
  for (const route of compiled) {
    const found = route.regex.exec(pathname);
    if (!found) continue;
    if (!route.hasLanguage) return { kind: 'page', name: route.name };
    const lng = found[1];
    if (isLanguage(lng)) return { kind: 'page', name: route.name, lng };
  }
  const [, first = '', rest = ''] = /^\/([^/]*)(\/.*)?$/.exec(pathname) ?? [];
  if (!isLanguage(first) && decideRoute(`/en${rest}`, detect).kind === 'page') {
    const lng = detect();
    return { kind: 'redirect', to: `/${lng}${rest.replace(/\/$/, '')}`, storeLanguage: lng };
  }
  return { kind: 'redirect', to: '/' };
}
