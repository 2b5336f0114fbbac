import { useTranslation } from 'react-i18next';
import * as styles from './Onboarding.css';

export const progressSteps = ['verifyPhone', 'size', 'details', 'crm', 'checkout'] as const;
export type ProgressStep = (typeof progressSteps)[number];

/** Where the user is in the funnel: bars with labels, the current step marked for screen readers. */
export function Progress({ current }: { current: ProgressStep }) {
  const { t } = useTranslation('onboarding');
  const index = progressSteps.indexOf(current);
  return (
    <nav aria-label={t('progress.label')}>
      <p className={styles.progressSummary}>{t('progress.stepOf', { current: index + 1, total: progressSteps.length })}</p>
      <ol className={styles.progress}>
        {progressSteps.map((step, position) => {
          const state = position < index ? 'done' : position === index ? 'current' : 'todo';
          return (
            <li key={step} className={[styles.progressItem, state === 'current' ? styles.progressCurrent : ''].join(' ')} aria-current={state === 'current' ? 'step' : undefined}>
              <span className={styles.progressBar[state]} aria-hidden="true" />
              {t(`progress.${step}`)}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
