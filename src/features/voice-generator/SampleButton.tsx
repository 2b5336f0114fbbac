import { useTranslation } from 'react-i18next';
import type { VoiceName } from '../../../core/contracts/greetings';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { labelOf, voiceContext } from './voice-labels';

/** The chosen voice's example: try it, wait for it, pause it. */
export function SampleButton({ voice, loading, playing, onToggle }: { voice: VoiceName; loading: boolean; playing: boolean; onToggle: () => void }) {
  const { t } = useTranslation(['voice', 'common']);
  const label = labelOf(voice);
  const values = { voice: label, context: voiceContext(label) };
  return (
    // Not `loading`: that disables the button, and a visitor may cancel a slow example.
    <Button tone="secondary" aria-pressed={playing} aria-busy={loading || undefined} onClick={onToggle}>
      {loading ? <Spinner /> : null}
      {loading ? t('voice.loadingExample', values) : playing ? t('voice.pauseExample', values) : t('voice.tryExample', values)}
    </Button>
  );
}
