import hotToast from 'react-hot-toast';
import { afterFirstRender } from '../lib/first-render';
import { loadHotToaster, wantToaster } from './toaster-demand';

// A page that can show a toast (it loaded this module, with the code entry) fetches the toast area's
// code once it has rendered, so that the first toast does not wait for it.
afterFirstRender(() => void loadHotToaster());

/** Shows a toast in the app's toast area, mounting the area on the first one. */
export const toast = {
  success(message: string): string {
    wantToaster();
    return hotToast.success(message);
  },
};
