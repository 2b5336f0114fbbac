import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { voiceAvatarPath, voiceDisplayList, type VoiceName } from '../../../core/contracts/greetings';
import { greetingAddress } from './generator.actors';
import * as styles from './VoicePicker.css';

const voices = voiceDisplayList.map((label) => ({ name: label.toLowerCase() as VoiceName, label }));
const COLUMNS = 4;

interface VoicePickerProps {
  voice: VoiceName;
  menuOpen: boolean;
  onToggleMenu: () => void;
  onCloseMenu: () => void;
  onSelect: (voice: VoiceName) => void;
}

/**
 * A voice's drawn avatar. Its alt text names the voice and its style ("Aria, warm and upbeat");
 * `decorative` leaves it out where the name is already said beside it.
 */
export function VoiceAvatar({ voice, label, decorative = false }: { voice: VoiceName; label: string; decorative?: boolean }) {
  const { t } = useTranslation('voice');
  const alt = decorative ? '' : t('voice.avatarAlt', { voice: label, description: t(`voices.${voice}`) });
  return <img className={styles.avatar} src={greetingAddress(voiceAvatarPath(voice))} alt={alt} />;
}

/**
 * SPEC §2 voice choice. Wide screens: a menu button opening a 4-column grid of voices (WAI-ARIA menu
 * pattern with radio items: arrows move, Home/End jump, Enter/Space pick, Escape closes). Phones: a
 * native select, which the platform makes accessible. Both send the same events to the chart.
 */
export function VoicePicker({ voice, menuOpen, onToggleMenu, onCloseMenu, onSelect }: VoicePickerProps) {
  const { t } = useTranslation('voice');
  const selectId = useId();
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = voices.find((option) => option.name === voice) ?? voices[0]!;

  useEffect(() => {
    if (!menuOpen) return;
    // Focus goes to the chosen voice when the menu opens (menu pattern).
    itemRefs.current[voices.findIndex((option) => option.name === voice)]?.focus();
    // A click outside closes the menu.
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) onCloseMenu();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
    // Only when the menu opens or closes, not when the chosen voice changes while it is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [menuOpen]);

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const focused = itemRefs.current.findIndex((item) => item === document.activeElement);
    const move: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: COLUMNS, ArrowUp: -COLUMNS };
    if (event.key in move) {
      event.preventDefault();
      const next = (focused + (move[event.key] ?? 0) + voices.length) % voices.length;
      itemRefs.current[next]?.focus();
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      itemRefs.current[event.key === 'Home' ? 0 : voices.length - 1]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onCloseMenu();
      triggerRef.current?.focus();
    } else if (event.key === 'Tab') {
      onCloseMenu();
    }
  }

  return (
    <div className={styles.root} ref={rootRef}>
      <div className={styles.desktopOnly}>
        <button
          ref={triggerRef}
          type="button"
          className={styles.trigger}
          aria-haspopup="menu"
          aria-expanded={menuOpen}
          aria-controls={menuOpen ? menuId : undefined}
          onClick={onToggleMenu}
          onKeyDown={(event) => {
            if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && !menuOpen) {
              event.preventDefault();
              onToggleMenu();
            }
          }}
        >
          <VoiceAvatar voice={current.name} label={current.label} decorative />
          <span>{t('voice.menuButton', { voice: current.label })}</span>
          <span className={styles.chevron} aria-hidden="true" />
        </button>
        {menuOpen ? (
          <div id={menuId} role="menu" aria-label={t('voice.menuLabel')} className={styles.menu} onKeyDown={onMenuKeyDown}>
            {voices.map((option, index) => (
              <button
                key={option.name}
                ref={(element) => {
                  itemRefs.current[index] = element;
                }}
                type="button"
                role="menuitemradio"
                aria-checked={option.name === voice}
                tabIndex={option.name === voice ? 0 : -1}
                className={styles.item({ checked: option.name === voice })}
                onClick={() => {
                  onSelect(option.name);
                  triggerRef.current?.focus();
                }}
              >
                {/* The avatar's alt text is the item's name ("Aria, warm and upbeat"); the visible
                    name would only repeat it. */}
                <VoiceAvatar voice={option.name} label={option.label} />
                <span className={styles.itemName} aria-hidden="true">
                  {option.label}
                </span>
              </button>
            ))}
          </div>
        ) : null}
      </div>
      <div className={styles.mobileOnly}>
        <label htmlFor={selectId} className={styles.label}>
          {t('voice.label')}
        </label>
        <select id={selectId} className={styles.select} value={voice} onChange={(event) => onSelect(event.target.value as VoiceName)}>
          {voices.map((option) => (
            <option key={option.name} value={option.name}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
