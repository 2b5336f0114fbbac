import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoutedName } from './route-matching';

/**
 * The document title for a route, in the page's language ("Your account · Ringwise"). Onboarding's
 * addresses are the funnel chart's projection, so the route name is also the step on screen.
 */
export function usePageTitle(route: RoutedName | null): void {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  useEffect(() => {
    if (!route) return;
    document.title = t('titles.pattern', { page: t(`titles.${route}`), brand: t('brand') });
  }, [route, language, t]);
}
