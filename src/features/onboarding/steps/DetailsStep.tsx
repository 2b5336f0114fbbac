import { useMemo } from 'react';
import { keepDraft, readDraft } from '../use-draft';
import { useTranslation } from 'react-i18next';
import { detailsSchema, industries, jobRoles } from '../../../../core/contracts/onboarding';
import { useForm } from '../../../lib/form/use-form';
import { defaultCountryCode, localizedCountries } from '../../../lib/countries';
import { phoneCountry } from '../../../../core/phone/parse';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { SelectField, TextField } from '../../../ui/Field';
import { Heading } from '../../../ui/Text';
import * as styles from '../Onboarding.css';
import { errorKey, type StepProps } from '../step-props';
import { detailsInput, detailsMessageKey, type DetailsValues } from './details-values';

/** details: company name, website, industry, role and country; answers given before are kept. */
export function DetailsStep({ snapshot, send }: StepProps) {
  const { t, i18n } = useTranslation('onboarding');
  const business = snapshot.context.business;
  const draft = `details:${snapshot.context.user?.id ?? 'anonymous'}`;
  const form = useForm({
    initial: () =>
      readDraft<DetailsValues>(draft, {
        // The start page keeps the company name it asked for in the user data.
        company_name: business?.company_name ?? (typeof snapshot.context.user?.data.company_name === 'string' ? snapshot.context.user.data.company_name : ''),
        website: business?.website ?? '',
        industry: business?.industry ?? '',
        job_role: business?.job_role ?? '',
        // The country of the phone number they gave says more about the company than the browser language.
        country: business?.country ?? phoneCountry(snapshot.context.user?.profile.phone) ?? defaultCountryCode(),
      }),
    schema: () => detailsSchema,
    input: detailsInput,
    message: (_key, field) => t(detailsMessageKey(field)),
  });
  const { values, errors, attach } = form;
  const countries = useMemo(() => localizedCountries(i18n.language), [i18n.language]);
  const saving = snapshot.matches({ details: 'saving' });

  const field = (key: keyof DetailsValues) => ({
    name: key,
    value: values[key],
    error: errors[key],
    onBlur: () => form.touch(key),
    onChange: (event: { target: { value: string } }) => {
      form.set(key, event.target.value);
      keepDraft(draft, { ...values, [key]: event.target.value });
    },
  });

  return (
    <form ref={attach} className={styles.stack} onSubmit={form.onSubmit((details) => send({ type: 'details.submitted', details }))} noValidate>
      <Heading>{t('details.title')}</Heading>
      {snapshot.context.error ? <Alert tone="critical">{t(errorKey(snapshot.context.error))}</Alert> : null}
      <div className={styles.fields}>
        <TextField label={t('details.companyName')} autoComplete="organization" {...field('company_name')} required />
        <TextField label={t('details.website')} type="url" inputMode="url" autoComplete="url" hint={t('details.websiteHint')} {...field('website')} />
        <SelectField label={t('details.industry')} {...field('industry')} required>
          <option value="">{t('details.choose')}</option>
          {industries.map((industry) => (
            <option key={industry} value={industry}>
              {t(`details.industries.${industry}`)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('details.jobRole')} {...field('job_role')} required>
          <option value="">{t('details.choose')}</option>
          {jobRoles.map((role) => (
            <option key={role} value={role}>
              {t(`details.jobRoles.${role}`)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('details.country')} {...field('country')} required>
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
