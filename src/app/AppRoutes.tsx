import { useSelector } from '@xstate/react';
import { Suspense, useEffect } from 'react';
import { Spinner } from '../ui/Spinner';
import { Box } from '../ui/Box';
import { FooterHold } from '../platform/footer-hold';
import { appActor } from '../platform/app-actor';
import { markFirstRender } from '../lib/first-render';
import { usePageTitle } from './page-title';
import { routePages } from './routes';

/** Mounted beside the routed page inside its Suspense boundary: commits only once the page has. */
function FirstRenderMark() {
  useEffect(markFirstRender, []);
  return null;
}

function PageLoading() {
  return (
    <Box display="flex" alignItems="center" justifyContent="center" padding="xxlarge" fontSize="title" color="brand">
      <Spinner label="Loading" />
      <FooterHold />
    </Box>
  );
}

/** The page the app chart is on (machines/app.machine.ts); its address is the chart's projection. */
export function AppRoutes() {
  const page = useSelector(appActor(), (snapshot) => snapshot.context.page);
  usePageTitle(page);
  const Page = routePages[page];
  return (
    <Suspense fallback={<PageLoading />}>
      <Page />
      <FirstRenderMark />
    </Suspense>
  );
}
