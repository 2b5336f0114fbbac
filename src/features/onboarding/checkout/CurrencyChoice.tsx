import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { supportedCurrencies, type SupportedCurrency } from '../../../../core/payments/currency';
import type { Language } from '../../../../core/routes/languages';
import { SelectField } from '../../../ui/Field';
import * as styles from './CheckoutFormPage.css';
import { currencyLabel } from './paywall-format';

/** The paywall's currency switch: every currency sold, named in the reader's language. */
export function CurrencyChoice({ lng, value, onChange }: { lng: Language; value: string; onChange(currency: SupportedCurrency): void }) {
  const { t } = useTranslation('checkout');
  // Intl.DisplayNames is built once per language, not on every render (a few ms each on a phone's CPU).
  const options = useMemo(() => supportedCurrencies.map((code) => ({ code, label: currencyLabel(code, lng) })), [lng]);
  return (
    <div className={styles.currencyRow}>
      <SelectField label={t('currency.label')} name="currency" value={value} onChange={(event) => onChange(event.target.value as SupportedCurrency)}>
        {options.map(({ code, label }) => (
          <option key={code} value={code}>
            {label}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
