import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../ui/Page';
import * as styles from './Landing.css';

/** The landing pages' frame inside the site shell (which draws the header and footer). */
export function LandingLayout({ width = 'wide', children }: { width?: 'narrow' | 'content' | 'wide'; children: ReactNode }) {
  return <Page width={width}>{children}</Page>;
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
