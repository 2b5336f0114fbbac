import { lazy, Suspense, useSyncExternalStore } from 'react';
import { loadHotToaster, subscribeToasterDemand, toasterWanted } from './toaster-demand';

const HotToaster = lazy(loadHotToaster);

/**
 * The one toast area of the app, top-centre. It renders nothing until the first toast: react-hot-toast
 * keeps toasts in a module-level store, so a toast shown before the area mounts appears when it does.
 */
export function Toaster() {
  const wanted = useSyncExternalStore(subscribeToasterDemand, toasterWanted, () => false);
  return wanted ? (
    <Suspense fallback={null}>
      <HotToaster />
    </Suspense>
  ) : null;
}
