import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CountryCode } from 'libphonenumber-js';
import { localizedCountries, searchCountries } from '../../lib/countries';
import { control } from '../Field.css';
import { flagSrc } from './flags';
import { searchKey } from './search-keys';
import * as styles from './PhoneField.css';

export interface CountryPickerProps {
  /** The phone field's id, which the list's and options' ids extend. */
  id: string;
  /** The country picked now: selected in the list, and highlighted when the picker opens. */
  current: CountryCode;
  onPick(code: CountryCode): void;
  /** Escape returns focus to the country button; focus leaving the popup leaves it where it went. */
  onClose(focus: 'button' | 'none'): void;
}

/**
 * The phone field's country popup, rendered while it is open: a search box (role combobox) that
 * drives the listbox of countries by aria-activedescendant, and 'No country found' announced when
 * nothing matches. The search and the highlight start afresh each time it opens.
 */
export function CountryPicker({ id, current, onPick, onClose }: CountryPickerProps) {
  // Country names in the language the texts are in (the kit knows no app chart: i18n follows it).
  const { t, i18n } = useTranslation('common');
  const language = i18n.language;
  const popoverRef = useRef<HTMLDivElement>(null);
  // Every country's name (Intl, ~245 sorted) only once the picker is open: the button needs one
  // name, and the whole list held up the first render and the start page's hydration (#16).
  const all = useMemo(() => localizedCountries(language), [language]);
  const [query, setQuery] = useState('');
  const [activeIndex, setActiveIndex] = useState(() => Math.max(0, all.findIndex((record) => record.code === current)));
  const results = useMemo(() => searchCountries(all, query), [all, query]);
  const listId = `${id}-countries`;
  const optionId = (code: string) => `${id}-country-${code}`;
  const active = results[activeIndex];

  function highlight(index: number) {
    const option = results[index];
    if (!option) return;
    setActiveIndex(index);
    // Keep the highlighted option visible while arrowing through a scrolled list.
    document.getElementById(optionId(option.code))?.scrollIntoView({ block: 'nearest' });
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const action = searchKey(event.key, activeIndex, results.length);
    if (action === null) return;
    event.preventDefault();
    if (action === 'close') onClose('button');
    else if (action !== 'pick') highlight(action);
    else if (active) onPick(active.code);
  }

  return (
    <div
      ref={popoverRef}
      className={styles.popover}
      onBlur={(event) => {
        // Focus leaving the popup (Tab, a click elsewhere) closes it.
        if (!popoverRef.current?.contains(event.relatedTarget as Node | null)) onClose('none');
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
        onKeyDown={onKeyDown}
      />
      <ul id={listId} role="listbox" aria-label={t('phoneInput.countries')} className={styles.list}>
        {results.map((record, index) => (
          <li
            key={record.code}
            id={optionId(record.code)}
            role="option"
            aria-selected={record.code === current}
            className={styles.option({ active: index === activeIndex, selected: record.code === current })}
            // Keep focus in the search box so its blur does not close the popup before the click.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onPick(record.code)}
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
  );
}
