import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { decideRoute } from '../../../core/routes/route-matching';
import { publicConfig } from '../public-config';
import { notifyChatWidgetOfNavigationLater } from '../widgets/widgets.lazy';
import { logPageView } from './analytics';
import { createPageViewTracker } from './page-views';
import { startAnalyticsAndWidgets } from './startup';

/**
 * Mounted once in the app shell (inside the router). Starts analytics and the widgets after the page
 * is interactive and logs a page view for every page shown (redirect hops are not pages).
 * Renders nothing.
 */
export function AnalyticsShell() {
  const [location] = useLocation();
  const [tracker] = useState(() => createPageViewTracker({ log: logPageView }));

  useEffect(() => {
    startAnalyticsAndWidgets(publicConfig());
  }, []);

  useEffect(() => {
    if (decideRoute(location).kind === 'redirect') return;
    tracker.routeChanged(location);
    notifyChatWidgetOfNavigationLater();
  }, [location, tracker]);

  return null;
}
