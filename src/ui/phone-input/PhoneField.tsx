import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { CountryCode } from 'libphonenumber-js';
import { afterFirstRender } from '../../app/first-render';
import { useLanguage } from '../../app/use-language';
import { countryName, defaultCountryCode, findCountry, localizedCountries, searchCountries } from '../../lib/countries';
import { flagSrc } from './flags';
import { FieldFrame } from '../Field';
import { control } from '../Field.css';
import type { PhoneInputState } from './phone-format';
import { emptyPhoneState, loadPhoneFormat, phoneFormat, type PhoneFormatModule } from './phone-format.lazy';
import * as styles from './PhoneField.css';
import { visuallyHidden } from '../visually-hidden.css';

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
}

/**
 * Phone number input with a searchable country picker (flag, name in the page language, dialling
 * prefix), formatting as the visitor types and an E.164 value, all with libphonenumber-js.
 * libphonenumber-js is not part of the first render (phone-format.lazy.ts): it is fetched once the
 * page has rendered, or at once on a focus or keystroke here; anything typed before it arrives is
 * shown as typed, then formatted and reported when it does.
 *
 * The picker follows the WAI-ARIA combobox pattern: a button opens a popup holding a search box
 * (role combobox) that drives a listbox by aria-activedescendant; arrows move, Enter picks, Escape
 * closes and returns focus to the button; 'No country found' is announced when nothing matches.
 * Used by the landing pages and by onboarding's verify-phone and details steps.
 */
export function PhoneField({ label, defaultValue, defaultCountry, onChange, onBlur, error, hint, disabled, name }: PhoneFieldProps) {
  const { t } = useTranslation(['landing', 'common']);
  const language = useLanguage();
  const [state, setState] = useState<FieldState>(() => initialState(defaultValue, defaultCountry ?? defaultCountryCode()));
  const stateRef = useRef(state);
  // The formatter's arrival reports to the latest onChange (the parent's values may have moved on).
  const onChangeRef = useRef(onChange);
  useLayoutEffect(() => {
    onChangeRef.current = onChange;
  });
  const mounted = useRef(false);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [activeIndex, setActiveIndex] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const popoverRef = useRef<HTMLDivElement>(null);
  const baseId = useId();
  const listId = `${baseId}-countries`;
  const optionId = (code: string) => `${baseId}-country-${code}`;

  // Every country's name (Intl, ~245 sorted) only once the picker is open: the button needs one
  // name, and the whole list held up the first render and the start page's hydration (#16).
  const all = useMemo(() => (open ? localizedCountries(language) : []), [open, language]);
  const results = useMemo(() => searchCountries(all, query), [all, query]);
  const current = findCountry(state.country);
  const currentName = countryName(current.code, language);

  function update(next: FieldState) {
    stateRef.current = next;
    setState(next);
    const { resolve: _pending, ...reported } = next;
    onChangeRef.current(reported);
  }

  /**
   * Sends for the formatter; when it arrives, a provisional state is formatted and reported at once
   * (flushSync: a form waiting for the formatter to submit then reads the formatted value).
   */
  function requestFormatter() {
    loadPhoneFormat().then(
      (format) => {
        const pending = stateRef.current.resolve;
        if (mounted.current && pending) flushSync(() => update(pending(format)));
      },
      // Offline or a failed chunk: the text stays as typed (not valid); the next keystroke retries.
      () => undefined,
    );
  }

  useEffect(() => {
    mounted.current = true;
    // A prefilled number is formatted as soon as possible; otherwise fetch the formatter once the
    // page has rendered, before the visitor reaches this field.
    if (stateRef.current.resolve) requestFormatter();
    else afterFirstRender(() => void loadPhoneFormat().catch(() => undefined));
    return () => {
      mounted.current = false;
    };
    // Once, on mount: requestFormatter reads the latest state through stateRef.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function typed(text: string) {
    const format = phoneFormat();
    if (format) return update(format.formatPhoneInput(text, state.country));
    const country = state.country;
    update({ display: text, value: text.trim(), country, valid: false, resolve: (later) => later.formatPhoneInput(text, country) });
    requestFormatter();
  }

  function openPicker() {
    setQuery('');
    setActiveIndex(Math.max(0, localizedCountries(language).findIndex((record) => record.code === current.code)));
    setOpen(true);
  }

  function closePicker(focus: 'button' | 'input' | 'none') {
    setOpen(false);
    if (focus === 'button') buttonRef.current?.focus();
    if (focus === 'input') inputRef.current?.focus();
  }

  function pick(code: CountryCode) {
    const format = phoneFormat();
    if (format) update(format.changePhoneCountry(state, code));
    else if (!state.display) update(emptyPhoneState(code));
    else {
      const before = state.resolve ?? (() => state);
      update({ ...state, country: code, resolve: (later) => later.changePhoneCountry(before(later), code) });
    }
    closePicker('input');
  }

  function moveActive(index: number) {
    if (results.length === 0) return;
    const next = (index + results.length) % results.length;
    setActiveIndex(next);
    const option = results[next];
    // Keep the highlighted option visible while arrowing through a scrolled list.
    if (option) document.getElementById(optionId(option.code))?.scrollIntoView({ block: 'nearest' });
  }

  function onSearchKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        moveActive(activeIndex + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        moveActive(activeIndex - 1);
        break;
      case 'Home':
        event.preventDefault();
        moveActive(0);
        break;
      case 'End':
        event.preventDefault();
        moveActive(results.length - 1);
        break;
      case 'Enter': {
        event.preventDefault();
        const option = results[activeIndex];
        if (option) pick(option.code);
        break;
      }
      case 'Escape':
        event.preventDefault();
        closePicker('button');
        break;
      default:
    }
  }

  const active = results[activeIndex];
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
            onClick={() => (open ? closePicker('none') : openPicker())}
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
            autoComplete="tel"
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
            <div
              ref={popoverRef}
              className={styles.popover}
              onBlur={(event) => {
                // Focus leaving the popup (Tab, a click elsewhere) closes it.
                if (!popoverRef.current?.contains(event.relatedTarget as Node | null)) closePicker('none');
              }}
            >
              <input
                // The popup opens on purpose, so its search box takes focus at once.
                autoFocus
                type="search"
                role="combobox"
                aria-label={t('phoneInput.search')}
                aria-expanded={results.length > 0}
                aria-controls={listId}
                aria-autocomplete="list"
                aria-activedescendant={active ? optionId(active.code) : undefined}
                className={control()}
                placeholder={t('phoneInput.searchPlaceholder')}
                value={query}
                onChange={(event) => {
                  setQuery(event.target.value);
                  setActiveIndex(0);
                }}
                onKeyDown={onSearchKeyDown}
              />
              <ul id={listId} role="listbox" aria-label={t('phoneInput.countries')} className={styles.list}>
                {results.map((record, index) => (
                  <li
                    key={record.code}
                    id={optionId(record.code)}
                    role="option"
                    aria-selected={record.code === current.code}
                    className={styles.option({ active: index === activeIndex, selected: record.code === current.code })}
                    // Keep focus in the search box so its blur does not close the popup before the click.
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => pick(record.code)}
                    onMouseMove={() => setActiveIndex(index)}
                  >
                    <img className={styles.flag} src={flagSrc(record.code)} alt="" width={20} height={15} loading="lazy" decoding="async" />
                    <span className={styles.optionName}>{record.country}</span>
                    <span className={styles.prefix}>{record.num}</span>
                  </li>
                ))}
              </ul>
              <p role="status" className={styles.empty}>
                {results.length === 0 ? t('validation.noCountry', { ns: 'common' }) : ''}
              </p>
            </div>
          ) : null}
        </div>
      )}
    </FieldFrame>
  );
}

/** The field's state; `resolve` is set while the formatter is on its way (how to compute the real state). */
interface FieldState extends PhoneInputState {
  resolve?: (format: PhoneFormatModule) => PhoneInputState;
}

function initialState(defaultValue: string | undefined, country: CountryCode): FieldState {
  const format = phoneFormat();
  if (format) return format.phoneStateFromValue(defaultValue, country);
  const text = defaultValue?.trim() ?? '';
  if (!text) return emptyPhoneState(country);
  return { display: text, value: text, country, valid: false, resolve: (later) => later.phoneStateFromValue(defaultValue, country) };
}
