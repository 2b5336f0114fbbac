import { useTranslation } from 'react-i18next';
import * as styles from './GetStarted.css';
import { Heading } from './Text';
import { stepNumber } from './StepNumber.css';
import { visuallyHidden } from './visually-hidden.css';

const steps = ['download', 'signIn', 'setUp'] as const;

/**
 * "You're all set", the three steps to a first call, numbered. The heading is for screen readers:
 * the numbered list says what it is to the eye.
 */
export function GetStartedSteps({ signInBody }: { signInBody?: string }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="get-started-steps">
      <Heading level={2} id="get-started-steps" className={visuallyHidden}>
        {t('getStarted.stepsTitle')}
      </Heading>
      <ol className={styles.steps}>
        {steps.map((step, index) => (
          <li key={step} className={styles.step}>
            <span className={stepNumber()} aria-hidden="true">
              {index + 1}
            </span>
            <span className={styles.stepText}>
              <span className={styles.stepTitle}>{t(`getStarted.steps.${step}.title`)}</span>
              <span className={styles.stepBody}>{step === 'signIn' && signInBody ? signInBody : t(`getStarted.steps.${step}.body`)}</span>
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
