import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { crmOptions } from '../../../../core/contracts/onboarding';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';
import { Heading, Text } from '../../../ui/Text';
import * as styles from '../Onboarding.css';
import { focusFirstProblem } from '../focus';
import { errorKey, type StepProps } from '../step-props';
import { CrmMark, CrmSymbol } from './CrmMark';

const normalise = (value: string) => value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();

/** crm: a searchable list of common CRMs, 'I don't have a CRM', 'Other' with a name, a no-result message. */
export function CrmStep({ snapshot, send }: StepProps) {
  const { t } = useTranslation('onboarding');
  const business = snapshot.context.business;
  const [query, setQuery] = useState('');
  const [crm, setCrm] = useState<string | null>(business?.crm ?? null);
  const [otherName, setOtherName] = useState(business?.crm_other ?? '');
  const [submitted, setSubmitted] = useState(false);
  const saving = snapshot.matches({ crm: 'saving' });
  const matches = crmOptions.filter((option) => normalise(option.name).includes(normalise(query)));
  const choiceError = submitted && !crm ? t('errors.required') : null;
  const otherError = submitted && crm === 'other' && !otherName.trim() ? t('errors.required') : null;

  function choose(id: string) {
    setCrm(id);
    // 'Other' starts from what the person searched for: they were typing their CRM's name.
    if (id === 'other' && !otherName.trim() && query.trim()) setOtherName(query.trim());
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (!crm || (crm === 'other' && !otherName.trim())) {
      focusFirstProblem(event);
      return;
    }
    send({ type: 'crm.submitted', answer: crm === 'other' ? { crm, crm_other: otherName.trim() } : { crm } });
  }

  const option = (id: string, label: string) => (
    <label key={id} className={styles.crmChoice}>
      <input className={styles.crmRadio} type="radio" name="crm" value={id} checked={crm === id} onChange={() => choose(id)} />
      {id === 'none' || id === 'other' ? <CrmSymbol kind={id} /> : <CrmMark id={id} />}
      <span className={styles.crmName}>{label}</span>
    </label>
  );

  return (
    <form className={styles.stack} onSubmit={submit} noValidate>
      <Heading>{t('crm.title')}</Heading>
      <Text tone="muted">{t('crm.intro')}</Text>
      {snapshot.context.error ? <Alert tone="critical">{t(errorKey(snapshot.context.error))}</Alert> : null}
      <TextField label={t('crm.search')} type="search" name="crm-search" value={query} onChange={(event) => setQuery(event.target.value)} autoComplete="off" />
      <p role="status" className={styles.progressSummary}>
        {query ? (matches.length ? t('crm.resultCount', { count: matches.length }) : t('crm.noResult', { query })) : ''}
      </p>
      <fieldset className={styles.fieldset} data-invalid={choiceError ? '' : undefined}>
        <legend className={styles.legend}>{t('crm.legend')}</legend>
        {matches.length ? <div className={styles.crmGrid}>{matches.map((entry) => option(entry.id, entry.name))}</div> : null}
        <div className={styles.crmExtras}>
          {option('none', t('crm.none'))}
          {option('other', t('crm.other'))}
        </div>
        {choiceError ? <Alert tone="critical">{choiceError}</Alert> : null}
      </fieldset>
      {crm === 'other' ? (
        <TextField label={t('crm.otherName')} name="crm_other" value={otherName} onChange={(event) => setOtherName(event.target.value)} error={otherError} required />
      ) : null}
      <div className={styles.actions}>
        <Button tone="secondary" onClick={() => send({ type: 'step.back' })}>
          {t('actions.back')}
        </Button>
        <Button type="submit" tone="primary" loading={saving}>
          {t('actions.continue')}
        </Button>
      </div>
    </form>
  );
}
