import { useTranslation } from 'react-i18next';
import * as styles from './Onboarding.css';
import { visuallyHidden } from '../../ui/visually-hidden.css';

/** The whole funnel as people see it: the account they just made counts as the first step done. */
export const progressSteps = ['account', 'verifyPhone', 'size', 'details', 'crm', 'checkout'] as const;
export type ProgressStep = (typeof progressSteps)[number];

/**
 * Where the user is in the funnel, paywall included: a bar per step with its label on desktops, the
 * bars and "Step n of m · label" on phones; the current step is marked for screen readers.
 * `done` (next-steps) shows every step complete.
 */
export function Progress({ current }: { current: ProgressStep | 'done' }) {
  const { t } = useTranslation('onboarding');
  const index = current === 'done' ? progressSteps.length : progressSteps.indexOf(current);
  const shown = Math.min(index + 1, progressSteps.length);
  const currentLabel = current === 'done' ? null : t(`progress.${current}`);
  return (
    <nav aria-label={t('progress.label')} className={styles.progressRoot}>
      <p className={styles.progressSummary}>
        {t('progress.stepOf', { current: shown, total: progressSteps.length })}
        {currentLabel ? <span className={styles.progressSummaryLabel}> · {currentLabel}</span> : null}
      </p>
      <ol className={styles.progress}>
        {progressSteps.map((step, position) => {
          const state = position < index ? 'done' : position === index ? 'current' : 'todo';
          return (
            <li key={step} className={[styles.progressItem, state === 'current' ? styles.progressCurrent : ''].join(' ')} aria-current={state === 'current' ? 'step' : undefined}>
              <span className={styles.progressBar[state]} aria-hidden="true" />
              <span className={styles.progressLabel}>
                {t(`progress.${step}`)}
                {state === 'done' ? <span className={visuallyHidden}> ({t('progress.done')})</span> : null}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
