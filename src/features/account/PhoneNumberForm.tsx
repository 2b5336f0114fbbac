import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { preloadSignupForms, signupForms } from '../../../core/contracts/signup.lazy';
import { useForm } from '../../lib/form/use-form';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Text } from '../../ui/Text';
import { PhoneField } from '../../ui/phone-input/PhoneField';
import { loadPhoneFormat, phoneFormat } from '../../ui/phone-input/phone-format.lazy';
import { useMfaErrorText } from '../../platform/verification/MfaCodeForm';
import type { MfaErrorCode, MfaFailure } from '../../platform/verification/mfa';
import * as styles from './TwoStep.css';

/** The auth service's refusals that are about the number: said under the field; the others above the buttons. */
const phoneCodes = { invalid_phone: 'phone', phone_exists: 'phone' } as const;

/** The schema (zod, the full phone metadata) and the phone formatter: on intent, not with the account page. */
const loadChecks = () => Promise.all([preloadSignupForms(), loadPhoneFormat()]);

/**
 * Adding a phone for two-step verification, its first screen, on the one form habit (src/lib/form):
 * the number to text the code to, parsed by the sign-up's phone rule (core/contracts
 * `twoStepPhoneSchema`), then `onSend`, which answers the failure to say, if any.
 */
export function PhoneNumberForm({ sendError, onSend, onCancel }: { sendError: string | null; onSend(phone: string): Promise<MfaFailure | null>; onCancel(): void }) {
  const { t } = useTranslation('account');
  const describe = useMfaErrorText();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    initial: { phone: '' },
    schema: () => signupForms()?.twoStepPhoneSchema,
    message: (key) => (key === 'validation.required' ? t('twoStep.phoneRequired') : describe({ ok: false, code: key === 'validation.invalidPhone' ? 'invalid_phone' : (key as MfaErrorCode) })),
    codes: phoneCodes,
  });
  const { errors, attach } = form;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!signupForms() || !phoneFormat()) {
      // Sent before the schema or the formatter arrived: again once they have (a failed download sends nothing).
      const element = event.currentTarget;
      void loadChecks().then(() => element.isConnected && element.requestSubmit(), () => undefined);
      return;
    }
    setFailure(null);
    void form.submit(async ({ phone }) => {
      const failed = await onSend(phone);
      if (failed && !form.fail(failed.code)) setFailure(describe(failed));
    });
  };

  return (
    <form ref={attach} className={styles.stack} onSubmit={submit} onFocus={() => void loadChecks().catch(() => undefined)} noValidate>
      <Text tone="muted">{t('twoStep.phoneHelp')}</Text>
      <PhoneField name="mfa-phone" label={t('twoStep.phoneLabel')} onChange={(state) => form.set('phone', state.value)} onBlur={() => form.touch('phone')} error={errors.phone} />
      {(failure ?? sendError) ? <Alert tone="critical">{failure ?? sendError}</Alert> : null}
      <div className={styles.choice}>
        <Button type="submit" tone="primary" block loading={form.sending}>
          {t('twoStep.sendCode')}
        </Button>
        <Button tone="ghost" block onClick={onCancel}>
          {t('twoStep.cancel')}
        </Button>
      </div>
    </form>
  );
}
