import { useTranslation } from 'react-i18next';
import { placeholderFields, type PlaceholderField, type PlaceholderValues } from '../../../machines/generator.machine';
import { TextField } from '../../ui/Field';
import { tokenOf } from './generator-view';
import * as styles from './VoiceGeneratorPage.css';

interface PlaceholderFieldsProps {
  values: PlaceholderValues;
  /** The fields whose placeholder is still in the script. */
  missing: readonly PlaceholderField[];
  /** A send was refused for them: they show as errors, not hints. */
  incomplete: boolean;
  onChange: (field: PlaceholderField, value: string) => void;
}

/** The details a script's placeholders stand for (company, name, emergency number, season). */
export function PlaceholderFields({ values, missing, incomplete, onChange }: PlaceholderFieldsProps) {
  const { t } = useTranslation(['voice', 'common']);
  return (
    <fieldset className={styles.fields}>
      <legend className={styles.legend}>{t('fields.legend')}</legend>
      <p className={styles.fieldsHint}>{t('fields.hint')}</p>
      {placeholderFields.map((field: PlaceholderField) => (
        <TextField
          key={field}
          name={field}
          label={t(`fields.${field}`)}
          placeholder={t(`fields.${field}Placeholder`)}
          value={values[field]}
          required={missing.includes(field)}
          hint={missing.includes(field) && !incomplete ? t('fields.usedAs', { token: tokenOf(field) }) : undefined}
          error={missing.includes(field) && incomplete ? t('fields.missing', { token: tokenOf(field) }) : null}
          autoComplete={field === 'company' ? 'organization' : field === 'name' ? 'given-name' : field === 'emergency' ? 'tel' : 'off'}
          onChange={(event) => onChange(field, event.target.value)}
        />
      ))}
    </fieldset>
  );
}
