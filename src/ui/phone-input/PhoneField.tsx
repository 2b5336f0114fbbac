import { lazy, Suspense, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CountryCode } from 'libphonenumber-js';
import { countryName, findCountry } from '../../lib/countries';
import { flagSrc } from './flags';
import { FieldFrame } from '../Field';
import { control } from '../Field.css';
import type { PhoneInputState } from './phone-format';
import { loadPhoneFormat } from './phone-format.lazy';
import { usePhoneNumber } from './use-phone-number';
import * as styles from './PhoneField.css';
import { visuallyHidden } from '../visually-hidden.css';

/**
 * The country popup is shown only after a click on the country button: its code (the search, the
 * keys, the list) is fetched on intent (the pointer on or the focus at the button), not in the
 * first render of the pages that show the field (#40).
 */
const loadCountryPicker = () => import('./CountryPicker');
const CountryPicker = lazy(() => loadCountryPicker().then((module) => ({ default: module.CountryPicker })));
const preloadCountryPicker = () => void loadCountryPicker().catch(() => undefined);

export interface PhoneFieldProps {
  label: ReactNode;
  /** Starting number (E.164 or any text a person could type); the field is uncontrolled after that. */
  defaultValue?: string | undefined;
  /** Country shown before anything is typed; defaults to the browser locale's country. */
  defaultCountry?: CountryCode | undefined;
  /** Called on every change with the E.164 value (`state.value`), the country and validity. */
  onChange(state: PhoneInputState): void;
  onBlur?(): void;
  /** Already translated message, shown under the field and announced. */
  error?: string | null | undefined;
  hint?: ReactNode;
  disabled?: boolean;
  name?: string;
  /** `tel` unless the page adds a token (the sign-in page: `tel webauthn`, the browser's passkey autofill). */
  autoComplete?: string;
}

/**
 * Phone number input with a searchable country picker (flag, name in the page language, dialling
 * prefix), formatting as the visitor types and an E.164 value, all with libphonenumber-js.
 * libphonenumber-js is not part of the first render (phone-format.lazy.ts): it is fetched once the
 * page has rendered, or at once on a focus or keystroke here; anything typed before it arrives is
 * shown as typed, then formatted and reported when it does.
 *
 * The picker follows the WAI-ARIA combobox pattern: a button opens a popup (CountryPicker) holding a
 * search box (role combobox) that drives a listbox by aria-activedescendant; arrows move, Enter
 * picks, Escape closes and returns focus to the button (search-keys.ts); 'No country found' is
 * announced when nothing matches. The number and its lazy formatter are use-phone-number.ts.
 * Used by the sign-up, demo and sign-in pages, onboarding's verify-phone step and the two-step manager.
 */
export function PhoneField({ label, defaultValue, defaultCountry, onChange, onBlur, error, hint, disabled, name, autoComplete = 'tel' }: PhoneFieldProps) {
  // Country names in the language the texts are in (the kit knows no app chart: i18n follows it).
  const { t, i18n } = useTranslation('common');
  const language = i18n.language;
  const [state, typed, pickCountry] = usePhoneNumber(defaultValue, defaultCountry, onChange);
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const baseId = useId();
  const current = findCountry(state.country);
  const currentName = countryName(current.code, language);

  function closePicker(focus: 'button' | 'input' | 'none') {
    setOpen(false);
    if (focus === 'button') buttonRef.current?.focus();
    if (focus === 'input') inputRef.current?.focus();
  }

  function pick(code: CountryCode) {
    pickCountry(code);
    closePicker('input');
  }

  return (
    <FieldFrame label={label} error={error} hint={hint}>
      {({ controlId, describedBy, invalid }) => (
        <div className={styles.group}>
          <button
            ref={buttonRef}
            type="button"
            className={styles.countryButton({ invalid })}
            aria-haspopup="listbox"
            aria-expanded={open}
            disabled={disabled}
            onPointerEnter={preloadCountryPicker}
            onPointerDown={preloadCountryPicker}
            onFocus={preloadCountryPicker}
            onClick={() => (open ? closePicker('none') : setOpen(true))}
          >
            {/* The name is read, the flag is not; the visible prefix is part of the name (WCAG 2.5.3). */}
            <span className={visuallyHidden}>{t('phoneInput.countryButton', { name: currentName })}</span>
            <img className={styles.flag} src={flagSrc(current.code)} alt="" width={20} height={15} decoding="async" />
            <span className={styles.prefix}>{current.num}</span>
            <span className={styles.chevron} aria-hidden="true">
              ▾
            </span>
          </button>
          <input
            ref={inputRef}
            id={controlId}
            name={name}
            type="tel"
            inputMode="tel"
            autoComplete={autoComplete}
            value={state.display}
            disabled={disabled}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            className={`${control({ invalid })} ${styles.numberInput}`}
            onChange={(event) => typed(event.target.value)}
            onFocus={() => void loadPhoneFormat().catch(() => undefined)}
            onBlur={onBlur}
          />
          {open ? (
            <Suspense fallback={null}>
              <CountryPicker id={baseId} current={current.code} onPick={pick} onClose={closePicker} />
            </Suspense>
          ) : null}
        </div>
      )}
    </FieldFrame>
  );
}
