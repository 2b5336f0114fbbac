import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../ui/Spinner';
import { Text } from '../../../ui/Text';
import { FooterHold } from '../../../platform/footer-hold';
import * as styles from '../Onboarding.css';

/** The loader, before the chart knows where the user belongs (also while a step's code loads). */
export function LoadingView() {
  const { t } = useTranslation('onboarding');
  return (
    <div className={styles.centered} aria-busy="true">
      <Spinner label={t('loading')} />
      <Text tone="muted">{t('loading')}</Text>
      <FooterHold />
    </div>
  );
}
