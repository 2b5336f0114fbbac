import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FunnelChartNumbers, FunnelChartQuery } from '../../../core/contracts/analytics';
import { languages } from '../../../core/routes/languages';
import { Button } from '../../ui/Button';
import * as styles from './Funnel.css';

export type NumbersQuery = FunnelChartQuery;

/** Period, language, landing page and utm source of the numbers; applied on submit. */
export function FunnelFilters({ query, choices, onChange }: { query: NumbersQuery; choices: FunnelChartNumbers['choices'] | undefined; onChange: (query: NumbersQuery) => void }) {
  const { t } = useTranslation('charts');
  const [draft, setDraft] = useState(query);
  const set = (key: keyof NumbersQuery) => (event: { target: { value: string } }) => setDraft((current) => ({ ...current, [key]: event.target.value || undefined }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange(draft);
  };
  // A value chosen before stays offered even when the period has none.
  const options = (values: readonly string[] | undefined, current: string | undefined) => [...new Set([...(values ?? []), ...(current ? [current] : [])])];
  return (
    <form className={styles.filters} onSubmit={submit} aria-label={t('filters.title')}>
      <label className={styles.field}>
        {t('filters.from')}
        <input className={styles.control} type="date" value={draft.from ?? ''} onChange={set('from')} required />
      </label>
      <label className={styles.field}>
        {t('filters.to')}
        <input className={styles.control} type="date" value={draft.to ?? ''} onChange={set('to')} required />
      </label>
      <label className={styles.field}>
        {t('filters.language')}
        <select className={styles.control} value={draft.lng ?? ''} onChange={set('lng')}>
          <option value="">{t('filters.all')}</option>
          {languages.map((language) => (
            <option key={language} value={language}>
              {language}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.field}>
        {t('filters.landing')}
        <select className={styles.control} value={draft.landing ?? ''} onChange={set('landing')}>
          <option value="">{t('filters.all')}</option>
          {options(choices?.landing, draft.landing).map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.field}>
        {t('filters.utmSource')}
        <select className={styles.control} value={draft.utm_source ?? ''} onChange={set('utm_source')}>
          <option value="">{t('filters.all')}</option>
          {options(choices?.utm_source, draft.utm_source).map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
      </label>
      <Button type="submit" tone="primary">
        {t('filters.show')}
      </Button>
    </form>
  );
}
