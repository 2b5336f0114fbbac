import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { IntentLink as Link } from '../../app/IntentLink';
import { isLanguage, type Language } from '../../app/languages';
import { paths } from '../../app/paths';
import { useLanguage } from '../../app/use-language';
import { brandClassName, Page } from '../../ui/Page';
import * as styles from './Landing.css';

/** The landing pages' frame: brand (home), sign in, and the other language for the same page. */
export function LandingLayout({ width = 'wide', children }: { width?: 'narrow' | 'content' | 'wide'; children: ReactNode }) {
  const { t } = useTranslation(['landing', 'common']);
  const lng = useLanguage();
  const [location] = useLocation();
  const search = useSearch();
  const other: Language = lng === 'en' ? 'fr' : 'en';
  const segments = location.split('/');
  // Same page in the other language when the path carries one; /success and /app-download stay put.
  const switchTo = isLanguage(segments[1]) ? [...segments.slice(0, 1), other, ...segments.slice(2)].join('/') : null;
  return (
    <Page
      width={width}
      header={
        <>
          <Link href={paths.home.build(lng)} className={brandClassName} aria-label={t('header.home')}>
            {t('brand', { ns: 'common' })}
          </Link>
          <nav className={styles.headerLinks} aria-label={t('header.home')}>
            <Link href={paths.signInOtp.build(lng)}>{t('header.signIn')}</Link>
            {switchTo ? (
              <Link href={search ? `${switchTo}?${search}` : switchTo} lang={other} hrefLang={other}>
                {t('languageSwitch', { ns: 'common' })}
              </Link>
            ) : null}
          </nav>
        </>
      }
    >
      {children}
    </Page>
  );
}

/** The marketing facts (SPEC §1/§9), as a checked list. */
export function Facts({ items }: { items: Array<'signup' | 'onboarding' | 'trial' | 'charge' | 'cancel' | 'moneyBack' | 'demo'> }) {
  const { t } = useTranslation('landing');
  return (
    <ul className={styles.facts} aria-label={t('facts.title')}>
      {items.map((item) => (
        <li key={item} className={styles.fact}>
          <span className={styles.check} aria-hidden="true">
            ✓
          </span>
          {t(`facts.${item}`)}
        </li>
      ))}
    </ul>
  );
}
