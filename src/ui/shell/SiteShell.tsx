import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { paths } from '../../app/paths';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';
import * as styles from './Shell.css';

/**
 * The frame every page sits in: skip link, header, the page (its own <main id="main">), footer.
 * The team's chart viewer keeps the whole window.
 */
export function SiteShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [location] = useLocation();
  if (location === paths.charts.build()) return <>{children}</>;
  return (
    <div className={styles.frame}>
      <a href="#main" className={styles.skipLink}>
        {t('shell.skip')}
      </a>
      <SiteHeader />
      <div className={styles.content}>{children}</div>
      <SiteFooter />
    </div>
  );
}
