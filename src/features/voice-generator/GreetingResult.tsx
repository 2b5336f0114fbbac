import { useCallback, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Greeting } from '../../../core/contracts/greetings';
import { ButtonLink } from '../../ui/Button';
import { Heading } from '../../ui/Text';
import { streamInto } from './stream-player';
import { labelOf, voiceContext } from './voice-labels';
import * as styles from './VoiceGeneratorPage.css';

/**
 * The greeting made: its player and its two downloads. The heading takes the focus on arrival
 * (`focusOnArrival`), so keyboard and screen-reader users land on the answer.
 */
export function GreetingResult({ greeting, focusOnArrival }: { greeting: Greeting; focusOnArrival: (element: HTMLElement | null) => void }) {
  const { t } = useTranslation(['voice', 'common']);
  const resultHeadingId = useId();
  const mp3 = greeting.formats.find((format) => format.format === 'mp3');
  const wav = greeting.formats.find((format) => format.format === 'wav');
  // The player is given its audio here, not by a src attribute: from the first bytes where it can (./stream-player.ts).
  const play = useCallback((audio: HTMLAudioElement | null) => (audio ? streamInto(audio, greeting.url) : undefined), [greeting.url]);
  return (
    <section className={styles.result} aria-labelledby={resultHeadingId}>
      <Heading level={2} id={resultHeadingId} key={greeting.url} tabIndex={-1} ref={focusOnArrival}>
        {t('result.label')}
      </Heading>
      {/* A new greeting gets a new element, so the browser never plays the previous one. It
          plays as soon as its first audio arrives: the click on 'Create your greeting' is
          the user activation browsers ask before sound (no second click on play). */}
      <audio key={greeting.url} ref={play} className={styles.player} controls autoPlay preload="auto" aria-label={t('result.player', { voice: labelOf(greeting.voice), context: voiceContext(labelOf(greeting.voice)) })} />
      <ul className={styles.downloads}>
        {[mp3 ? { format: mp3, label: t('result.downloadMp3'), hint: t('result.downloadMp3Hint') } : null, wav ? { format: wav, label: t('result.downloadWav'), hint: t('result.downloadWavHint') } : null]
          .filter((entry) => entry !== null)
          .map((entry) => (
            <li key={entry.format.format} className={styles.download}>
              <ButtonLink tone="secondary" size="small" href={entry.format.url} download aria-describedby={`${resultHeadingId}-${entry.format.format}`}>
                {entry.label}
              </ButtonLink>
              <span id={`${resultHeadingId}-${entry.format.format}`} className={styles.downloadHint}>
                {entry.hint}
              </span>
            </li>
          ))}
      </ul>
    </section>
  );
}
