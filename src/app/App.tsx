import { I18nextProvider } from 'react-i18next';
import { Router } from 'wouter';
import { AnalyticsShell } from '../platform/analytics/AnalyticsShell';
import { SiteShell } from './shell/SiteShell';
import { Toaster } from '../ui/Toaster';
import { useAppLocation } from './address/app-location';
import { AppRoutes } from './AppRoutes';
import { i18n } from '../platform/i18n';
import { RouteErrorBoundary } from './RouteErrorBoundary';

export function App() {
  return (
    <I18nextProvider i18n={i18n}>
      {/* Links go through the app chart: the address is its projection. */}
      <Router hook={useAppLocation}>
        <SiteShell>
          <RouteErrorBoundary>
            <AppRoutes />
          </RouteErrorBoundary>
        </SiteShell>
        <Toaster />
        {/* Analytics, chat widget and tag manager start after the page is interactive. */}
        <AnalyticsShell />
      </Router>
    </I18nextProvider>
  );
}
