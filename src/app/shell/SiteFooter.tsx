import { useTranslation } from 'react-i18next';
import { IntentLink as Link } from '../../platform/IntentLink';
import { paths } from '../../../core/routes/paths';
import { useLanguage } from '../../platform/use-language';
import * as styles from './Shell.css';

/** Every page's footer: the legal pages, contact, and the free greeting generator. */
export function SiteFooter() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const links = [
    { href: paths.privacy.build(lng), label: t('shell.privacy') },
    { href: paths.terms.build(lng), label: t('shell.terms') },
    { href: paths.contact.build(lng), label: t('shell.contact') },
    { href: paths.voiceGeneratorLocalized.build(lng), label: t('shell.generator') },
  ];
  return (
    <footer className={styles.footer}>
      <div className={styles.footerBar}>
        <span>{t('shell.copyright', { year: new Date().getFullYear() })}</span>
        <nav aria-label={t('shell.legal')}>
          <ul className={styles.footerLinks}>
            {links.map((link) => (
              <li key={link.href}>
                <Link href={link.href} className={styles.footerLink}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
