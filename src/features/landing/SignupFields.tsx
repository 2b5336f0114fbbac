import type { TFunction } from 'i18next';
import { preloadEmailKind } from '../../platform/email-kind.lazy';
import { TextField } from '../../ui/Field';
import { PhoneField } from '../../ui/phone-input/PhoneField';
import * as styles from './Landing.css';
import type { SignupValues } from '../../../machines/signup.actors';
import type { SignupField, SignupFieldErrors } from './use-signup-form';

interface SignupFieldsProps {
  variant: 'full' | 'email';
  values: SignupValues;
  /** Each field's message: its own, or (the email) what the chart found wrong with the address. */
  errors: SignupFieldErrors;
  change: (field: SignupField, value: string) => void;
  /** A field was left: its error may show from now on. */
  touch: (field: SignupField) => void;
  t: TFunction;
}

/** The sign-up form's fields: the email alone (email form), or email, names, company and phone. */
export function SignupFields({ variant, values, errors, change, touch, t }: SignupFieldsProps) {
  return (
    <>
      <TextField
        label={variant === 'full' ? t('fields.email') : t('fields.emailOnly')}
        hint={variant === 'full' ? t('fields.emailHint') : t('fields.emailOnlyHint')}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        value={values.email}
        error={errors.email}
        onBlur={() => touch('email')}
        required
        aria-required="true"
        onFocus={() => void preloadEmailKind().catch(() => undefined)}
        onChange={(event) => change('email', event.target.value)}
      />
      {variant === 'full' ? (
        <>
          <div className={styles.nameRow}>
            <TextField
              label={t('fields.firstName')}
              name="firstName"
              autoComplete="given-name"
              value={values.firstName}
              error={errors.firstName}
              required
              aria-required="true"
              onBlur={() => touch('firstName')}
              onChange={(event) => change('firstName', event.target.value)}
            />
            <TextField
              label={t('fields.lastName')}
              name="lastName"
              autoComplete="family-name"
              value={values.lastName}
              error={errors.lastName}
              required
              aria-required="true"
              onBlur={() => touch('lastName')}
              onChange={(event) => change('lastName', event.target.value)}
            />
          </div>
          <TextField
            label={t('fields.companyName')}
            name="companyName"
            autoComplete="organization"
            value={values.companyName}
            error={errors.companyName}
            required
            aria-required="true"
            onBlur={() => touch('companyName')}
            onChange={(event) => change('companyName', event.target.value)}
          />
          <PhoneField
            label={t('fields.phone')}
            hint={t('fields.phoneHint')}
            name="phone"
            defaultValue={values.phone}
            error={errors.phone}
            onBlur={() => touch('phone')}
            onChange={(phone) => change('phone', phone.value)}
          />
        </>
      ) : null}
    </>
  );
}
