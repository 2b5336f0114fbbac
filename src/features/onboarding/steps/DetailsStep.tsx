import { useMemo, useState, type FormEvent } from 'react';
import { useDraft } from '../use-draft';
import { useTranslation } from 'react-i18next';
import { industries, jobRoles } from '../../../../core/contracts/onboarding';
import { defaultCountryCode, localizedCountries } from '../../../lib/countries';
import { phoneCountry } from '../../../../core/phone/parse';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { SelectField, TextField } from '../../../ui/Field';
import { Heading } from '../../../ui/Text';
import * as styles from '../Onboarding.css';
import { focusFirstProblem } from '../focus';
import { errorKey, type StepProps } from '../step-props';
import { detailsAnswers, detailsProblems, type DetailsValues } from './details-values';

/** details: company name, website, industry, role and country; answers given before are kept. */
export function DetailsStep({ snapshot, send }: StepProps) {
  const { t, i18n } = useTranslation('onboarding');
  const business = snapshot.context.business;
  const [values, setValues] = useDraft<DetailsValues>(`details:${snapshot.context.user?.id ?? 'anonymous'}`, () => ({
    // The start page keeps the company name it asked for in the user data.
    company_name: business?.company_name ?? (typeof snapshot.context.user?.data.company_name === 'string' ? snapshot.context.user.data.company_name : ''),
    website: business?.website ?? '',
    industry: business?.industry ?? '',
    job_role: business?.job_role ?? '',
    // The country of the phone number they gave says more about the company than the browser language.
    country: business?.country ?? phoneCountry(snapshot.context.user?.profile.phone) ?? defaultCountryCode(),
  }));
  const [submitted, setSubmitted] = useState(false);
  const countries = useMemo(() => localizedCountries(i18n.language), [i18n.language]);
  const saving = snapshot.matches({ details: 'saving' });

  const problems = detailsProblems(values);
  const shown = (key: keyof DetailsValues) => (submitted && problems[key] ? t(problems[key]) : undefined);
  const set = (key: keyof DetailsValues) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [key]: event.target.value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(problems).length > 0) {
      focusFirstProblem(event);
      return;
    }
    send({ type: 'details.submitted', details: detailsAnswers(values) });
  }

  return (
    <form className={styles.stack} onSubmit={submit} noValidate>
      <Heading>{t('details.title')}</Heading>
      {snapshot.context.error ? <Alert tone="critical">{t(errorKey(snapshot.context.error))}</Alert> : null}
      <div className={styles.fields}>
        <TextField label={t('details.companyName')} name="company_name" autoComplete="organization" value={values.company_name} onChange={set('company_name')} error={shown('company_name')} required />
        <TextField label={t('details.website')} name="website" type="url" inputMode="url" autoComplete="url" hint={t('details.websiteHint')} value={values.website} onChange={set('website')} error={shown('website')} />
        <SelectField label={t('details.industry')} name="industry" value={values.industry} onChange={set('industry')} error={shown('industry')} required>
          <option value="">{t('details.choose')}</option>
          {industries.map((industry) => (
            <option key={industry} value={industry}>
              {t(`details.industries.${industry}`)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('details.jobRole')} name="job_role" value={values.job_role} onChange={set('job_role')} error={shown('job_role')} required>
          <option value="">{t('details.choose')}</option>
          {jobRoles.map((role) => (
            <option key={role} value={role}>
              {t(`details.jobRoles.${role}`)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('details.country')} name="country" value={values.country} onChange={set('country')} error={shown('country')} required>
          {countries.map((country) => (
            <option key={country.code} value={country.code}>
              {country.country}
            </option>
          ))}
        </SelectField>
      </div>
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
