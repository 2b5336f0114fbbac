import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { voiceAvatarPath, voiceDisplayList, type VoiceName } from '../../../core/contracts/greetings';
import { greetingLink } from './generator.actors';
import { useVoiceMenu } from './use-voice-menu';
import * as styles from './VoicePicker.css';

const voices = voiceDisplayList.map((label) => ({ name: label.toLowerCase() as VoiceName, label }));

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
  return <img className={styles.avatar} src={greetingLink(voiceAvatarPath(voice))} alt={alt} />;
}

/**
 * SPEC §2 voice choice. Wide screens: a menu button opening a 4-column grid of voices (WAI-ARIA menu
 * pattern with radio items: arrows move, Home/End jump, Enter/Space pick, Escape closes). Phones: a
 * native select, which the platform makes accessible. Both send the same events to the chart.
 */
export function VoicePicker({ voice, menuOpen, onToggleMenu, onCloseMenu, onSelect }: VoicePickerProps) {
  const { t } = useTranslation('voice');
  const menuId = useId();
  const current = voices.find((option) => option.name === voice) ?? voices[0]!;
  const { rootRef, triggerRef, itemRefs, onMenuKeyDown } = useVoiceMenu({ voices, voice, menuOpen, onCloseMenu });

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
      <VoiceSelect voice={voice} onSelect={onSelect} />
    </div>
  );
}

/** Phones: a native select, which the platform makes accessible. */
function VoiceSelect({ voice, onSelect }: { voice: VoiceName; onSelect: (voice: VoiceName) => void }) {
  const { t } = useTranslation('voice');
  const selectId = useId();
  return (
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
  );
}
