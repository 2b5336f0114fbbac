import hotToast from 'react-hot-toast';
import { loadHotToaster, wantToaster } from './toaster-demand';

// The module that shows toasts loads after the first render (with the code entry); the toast area's
// code is fetched now so that the first toast does not wait for it.
void loadHotToaster();

/** Shows a toast in the app's toast area, mounting the area on the first one. */
export const toast = {
  success(message: string): string {
    wantToaster();
    return hotToast.success(message);
  },
};
