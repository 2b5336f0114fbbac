import { Suspense, useEffect } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { Spinner } from '../ui/Spinner';
import { Box } from '../ui/Box';
import { markFirstRender } from './first-render';
import { usePageTitle } from './page-title';
import { switchLanguage } from './i18n';
import { storeLanguage } from './languages';
import { decideRoute } from './route-matching';
import { routePages } from './routes';
import { saveTrackingParams } from './tracking-params';

/** Mounted beside the routed page inside its Suspense boundary: commits only once the page has. */
function FirstRenderMark() {
  useEffect(markFirstRender, []);
  return null;
}

function PageLoading() {
  return (
    <Box display="flex" alignItems="center" justifyContent="center" padding="xxlarge" fontSize="title" color="brand">
      <Spinner label="Loading" />
    </Box>
  );
}

/** Picks the page for the address; redirects replace history so Back never bounces. */
export function AppRoutes() {
  const [location] = useLocation();
  const search = useSearch();
  const decision = decideRoute(location);
  usePageTitle(decision.kind === 'page' ? decision.name : null);

  // The tracking params are saved on any route, before any redirect drops them from the address.
  useEffect(() => {
    saveTrackingParams(search);
  }, [search]);

  const pageLanguage = decision.kind === 'page' ? decision.lng : undefined;
  const redirectLanguage = decision.kind === 'redirect' ? decision.storeLanguage : undefined;
  useEffect(() => {
    const chosen = pageLanguage ?? redirectLanguage;
    if (chosen) storeLanguage(chosen);
    if (pageLanguage) void switchLanguage(pageLanguage);
  }, [pageLanguage, redirectLanguage]);

  if (decision.kind === 'redirect') {
    const target = search ? `${decision.to}?${search}` : decision.to;
    // Keyed so a redirect that leads to another redirect (/xx/a → / → /en) mounts anew and fires.
    return <Redirect key={target} to={target} replace />;
  }
  const Page = routePages[decision.name];
  return (
    <Suspense fallback={<PageLoading />}>
      <Page />
      <FirstRenderMark />
    </Suspense>
  );
}
