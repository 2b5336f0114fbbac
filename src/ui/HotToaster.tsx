import { Toaster } from 'react-hot-toast';
import * as styles from './Toaster.css';
import { vars } from './theme.css';
import { toastGapPx } from '../../core/design-tokens';

/** The one toast area of the app, top-centre (mounted by ./Toaster once a toast is shown). */
export default function HotToaster() {
  return (
    <Toaster
      position="top-center"
      gutter={toastGapPx}
      containerClassName={styles.container}
      containerStyle={{ top: vars.space.medium }}
      toastOptions={{ className: styles.toast, style: { maxWidth: vars.size.toastWidth } }}
    />
  );
}
