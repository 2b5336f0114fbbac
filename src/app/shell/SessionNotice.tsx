import { useTranslation } from 'react-i18next';
import { IntentLink as Link } from '../../platform/IntentLink';
import { paths } from '../../../core/routes/paths';
import { useLanguage } from '../../platform/use-language';
import * as styles from './Shell.css';

/**
 * Under the header on every page while the session chart is in signedOut.endedElsewhere: the
 * session this page held was ended in another tab or window, so whatever the page now shows as
 * signed out is explained, with the way back in. Signing in again (here or in any tab) ends it.
 * Its own chunk, loaded only then (SiteShell).
 */
export default function SessionNotice() {
  const { t } = useTranslation();
  const lng = useLanguage();
  return (
    <div className={styles.notice} role="alert">
      <p className={styles.noticeBar}>
        <span>{t('shell.endedElsewhere')}</span>
        <Link href={paths.signInOtp.build(lng)} className={styles.noticeLink}>
          {t('shell.signInAgain')}
        </Link>
      </p>
    </div>
  );
}
