import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { publicConfig } from '../../app/public-config';
import { notifyChatWidgetOfNavigation } from '../widgets/chat-widget';
import { pageShown } from './page-shown';
import { startAnalyticsAndWidgets } from './startup';

/**
 * Mounted once in the app shell (inside the router). Starts analytics and the widgets after the page
 * is interactive and logs a page view for every page shown (redirect hops are not pages; the first
 * page's view was logged at boot, ./page-shown). Renders nothing.
 */
export function AnalyticsShell() {
  const [location] = useLocation();

  useEffect(() => {
    startAnalyticsAndWidgets(publicConfig());
  }, []);

  useEffect(() => {
    if (!pageShown(location)) return;
    notifyChatWidgetOfNavigation();
  }, [location]);

  return null;
}
