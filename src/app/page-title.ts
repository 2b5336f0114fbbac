import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoutedName } from '../../core/routes/route-matching';

/**
 * The document title and description for a route, in the page's language ("Your account · Ringwise"). Onboarding's
 * addresses are the funnel chart's projection, so the route name is also the step on screen.
 */
export function usePageTitle(route: RoutedName | null): void {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  useEffect(() => {
    if (!route) return;
    document.title = t('titles.pattern', { page: t(`titles.${route}`), brand: t('brand') });
    // Shared links and search results read the description in the page's language too.
    document.querySelector('meta[name="description"]')?.setAttribute('content', t('description'));
  }, [route, language, t]);
}
