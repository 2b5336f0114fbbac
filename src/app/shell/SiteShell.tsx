import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { firstRender } from '../../lib/first-render';
import { paths } from '../../../core/routes/paths';
import { useFooterHeld } from '../../platform/footer-hold';
import { SiteFooter } from './SiteFooter';
import { useEndedElsewhere } from '../../platform/session/presence';
import { SiteHeader } from './SiteHeader';
import * as styles from './Shell.css';

// Its own chunk: shown only after a sign-out in another tab, never on a first paint.
const SessionNotice = lazy(() => import('./SessionNotice'));

/**
 * The footer is first drawn once the first routed page has rendered and no loading view stands in
 * for content (see footer-hold.ts), then stays: under a spinner it would be pushed down the screen
 * when the page arrives, a layout shift.
 */
function useFooterShown(): boolean {
  const [rendered, setRendered] = useState(false);
  const [shown, setShown] = useState(false);
  const held = useFooterHeld();
  useEffect(() => {
    let mounted = true;
    void firstRender().then(() => mounted && setRendered(true));
    return () => {
      mounted = false;
    };
  }, []);
  // Latched while rendering (not in an effect): once drawn, a later loading view leaves it be.
  if (!shown && rendered && !held) setShown(true);
  return shown || (rendered && !held);
}

/**
 * The frame every page sits in: skip link, header (and the session notice under it), the page (its own <main id="main">), footer.
 * The team's chart viewer keeps the whole window.
 */
export function SiteShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [location] = useLocation();
  const footerShown = useFooterShown();
  const endedElsewhere = useEndedElsewhere();
  if (location === paths.charts.build()) return <>{children}</>;
  return (
    <div className={styles.frame}>
      <a href="#main" className={styles.skipLink}>
        {t('shell.skip')}
      </a>
      <SiteHeader />
      {endedElsewhere ? (
        <Suspense fallback={null}>
          <SessionNotice />
        </Suspense>
      ) : null}
      <div className={styles.content}>{children}</div>
      {/* Drawn with the first page's content, not under a loading spinner (see useFooterShown). */}
      {footerShown ? <SiteFooter /> : null}
    </div>
  );
}
