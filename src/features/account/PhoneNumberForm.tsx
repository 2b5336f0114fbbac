import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Text } from '../../ui/Text';
import { PhoneField } from '../../ui/phone-input/PhoneField';
import * as styles from './TwoStep.css';

export interface PhoneEntry {
  value: string;
  valid: boolean;
}

/**
 * Adding a phone for two-step verification, its first screen: the number to text the code to. The
 * number is checked by the caller when sent (`onSend`); editing it clears the field's error (`onEdit`).
 */
export function PhoneNumberForm({
  fieldError,
  sendError,
  sending,
  onSend,
  onEdit,
  onCancel,
}: {
  fieldError: string | null;
  sendError: string | null;
  sending: boolean;
  onSend(phone: PhoneEntry): void;
  onEdit(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation('account');
  const [phone, setPhone] = useState<PhoneEntry>({ value: '', valid: false });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSend(phone);
  };

  return (
    <form className={styles.stack} onSubmit={submit} noValidate>
      <Text tone="muted">{t('twoStep.phoneHelp')}</Text>
      <PhoneField
        name="mfa-phone"
        label={t('twoStep.phoneLabel')}
        onChange={(state) => {
          setPhone({ value: state.value, valid: state.valid });
          onEdit();
        }}
        error={fieldError}
      />
      {sendError ? <Alert tone="critical">{sendError}</Alert> : null}
      <div className={styles.choice}>
        <Button type="submit" tone="primary" block loading={sending}>
          {t('twoStep.sendCode')}
        </Button>
        <Button tone="ghost" block onClick={onCancel}>
          {t('twoStep.cancel')}
        </Button>
      </div>
    </form>
  );
}
