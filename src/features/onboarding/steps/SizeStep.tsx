import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { businessSizes, type BusinessSize } from '../../../../core/contracts/onboarding';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Heading } from '../../../ui/Text';
import * as styles from '../Onboarding.css';
import { focusFirstProblem } from '../focus';
import { errorKey, type StepProps } from '../step-props';

/** size: 'How big is your company?' — 'Just me' and ranges; the saved answer is preselected. */
export function SizeStep({ snapshot, send }: StepProps) {
  const { t } = useTranslation('onboarding');
  const [size, setSize] = useState<BusinessSize | null>(snapshot.context.business?.size ?? null);
  const [submitted, setSubmitted] = useState(false);
  const saving = snapshot.matches({ size: 'saving' });

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (size) send({ type: 'size.submitted', size });
    else focusFirstProblem(event);
  }

  return (
    <form className={styles.stack} onSubmit={submit} noValidate>
      <Heading>{t('size.title')}</Heading>
      {snapshot.context.error ? <Alert tone="critical">{t(errorKey(snapshot.context.error))}</Alert> : null}
      <fieldset className={styles.fieldset} aria-describedby={submitted && !size ? 'size-error' : undefined}>
        <legend className={styles.legend}>{t('size.legend')}</legend>
        <div className={styles.choiceGrid}>
          {businessSizes.map((option) => (
            <label key={option} className={styles.choice}>
              <input className={styles.radio} type="radio" name="size" value={option} checked={size === option} onChange={() => setSize(option)} />
              {t(`size.options.${option}`)}
            </label>
          ))}
        </div>
        {submitted && !size ? (
          <Alert tone="critical">
            <span id="size-error">{t('errors.required')}</span>
          </Alert>
        ) : null}
      </fieldset>
      <div className={styles.actions}>
        <span />
        <Button type="submit" tone="primary" loading={saving}>
          {t('actions.continue')}
        </Button>
      </div>
    </form>
  );
}
