import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { IntentLink as Link } from '../../platform/IntentLink';
import { paths } from '../../../core/routes/paths';
import { useLanguage } from '../../platform/use-language';
import { usePersonSignedIn } from '../../platform/session/presence';
import { LanguageSwitch } from './LanguageSwitch';
import { Logo } from './Logo';
import * as styles from './Shell.css';
import { visuallyHidden } from '../../ui/visually-hidden.css';

// Its own chunk: sign-out brings the auth client, which a signed-out visitor's first paint does without.
const loadAccountMenu = () => import('./AccountMenu');
const AccountMenu = lazy(loadAccountMenu);

/**
 * For a visitor the cookie says is signed in, fetched at start-up beside the page's code: asked for
 * only by the first render, it came a round trip after the page's reads (the account page's LCP).
 */
export function preloadAccountMenu(): void {
  loadAccountMenu().catch(() => undefined);
}

/**
 * Every page's header: the brand (home), the language switch, and either 'Sign in' or the account
 * menu. Whether someone is signed in is the session chart's (./presence: the cookie until the chart
 * has spoken), so the header changes with the page and with the browser's other tabs, at once.
 */
export function SiteHeader() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const [location] = useLocation();
  // A person's session only: an anonymous one is never offered a sign-out it could not undo.
  const signedIn = usePersonSignedIn();
  const onSignIn = location.startsWith(paths.signInOtp.build(lng));
  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <Link href={paths.home.build(lng)} className={styles.brand}>
          <Logo />
          <span>{t('brand')}</span>
          <span className={visuallyHidden}> {t('shell.home')}</span>
        </Link>
        <nav className={styles.tools} aria-label={t('shell.tools')}>
          <LanguageSwitch />
          {signedIn ? (
            <Suspense fallback={null}>
              <AccountMenu />
            </Suspense>
          ) : onSignIn ? null : (
            <Link href={paths.signInOtp.build(lng)} className={styles.signIn}>
              {t('shell.signIn')}
            </Link>
          )}
        </nav>
      </div>
    </header>
  );
}
