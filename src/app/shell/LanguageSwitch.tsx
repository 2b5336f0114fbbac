import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { IntentLink as Link } from '../../platform/IntentLink';
import { appActor } from '../../platform/app-actor';
import { isLanguage, type Language } from '../../../core/routes/languages';
import { paths } from '../../../core/routes/paths';
import { useLanguage } from '../../platform/use-language';
import * as styles from './Shell.css';
import { visuallyHidden } from '../../ui/visually-hidden.css';

function GlobeIcon() {
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" />
    </svg>
  );
}

/**
 * The same page in the other language. Addresses with a language segment switch it (a link: the
 * app chart takes the language from the address, and passes it to the funnel); /voice-generator
 * moves to its localised twin; pages without one (/success, /account) tell the app chart.
 */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const [location] = useLocation();
  const search = useSearch();
  const other: Language = lng === 'en' ? 'fr' : 'en';
  const segments = location.split('/');
  const label = (
    <>
      <GlobeIcon />
      <span className={styles.longLabel}>{t('languageSwitch')}</span>
      {/* Phones show the code; its accessible name starts with what is shown (WCAG 2.5.3). */}
      <span className={styles.shortLabel}>
        {other.toUpperCase()}
        <span className={visuallyHidden}> ({t('languageSwitch')})</span>
      </span>
    </>
  );
  const common = { className: styles.toolLink, lang: other, hrefLang: other } as const;
  const { hrefLang: _hrefLang, ...buttonProps } = common;

  if (isLanguage(segments[1])) {
    const path = [...segments.slice(0, 1), other, ...segments.slice(2)].join('/');
    const href = search ? `${path}?${search}` : path;
    return (
      <Link href={href} {...common}>
        {label}
      </Link>
    );
  }
  if (location === paths.voiceGenerator.build()) {
    return (
      <Link href={paths.voiceGeneratorLocalized.build(other)} {...common}>
        {label}
      </Link>
    );
  }
  return (
    <button
      type="button"
      {...buttonProps}
      onClick={() => appActor().send({ type: 'language.chosen', lng: other })}
    >
      {label}
    </button>
  );
}
