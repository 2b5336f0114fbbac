import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { greetingTextLimits } from '../../../core/contracts/greetings';
import { Button } from '../../ui/Button';
import { TextAreaField } from '../../ui/Field';
import { Text } from '../../ui/Text';
import { groupOf } from './templates';
import type { GeneratorView } from './generator-view';
import * as styles from './VoiceGeneratorPage.css';

interface ScriptEditorProps {
  text: string;
  /** The template the script came from, or null once the visitor wrote their own. */
  templateIndex: number | null;
  view: Pick<GeneratorView, 'length' | 'tooLong' | 'incomplete' | 'otherPlaceholders'>;
  listFormat: Intl.ListFormat;
  onShuffle: () => void;
  onChange: (text: string) => void;
}

/** The greeting's script: which template it is, 'Generate' for another, the text and its counter. */
export function ScriptEditor({ text, templateIndex, view, listFormat, onShuffle, onChange }: ScriptEditorProps) {
  const { t } = useTranslation(['voice', 'common']);
  const counterId = useId();
  const { length, tooLong, incomplete, otherPlaceholders } = view;
  return (
    <>
      <div className={styles.scriptHeader}>
        <Text size="small" tone="muted">
          {templateIndex === null ? '\u00a0' : t('script.template', { index: templateIndex, group: t(`groups.${groupOf(templateIndex)}`) })}
        </Text>
        <Button tone="ghost" size="small" title={t('script.generateHint')} onClick={onShuffle}>
          {t('script.generate')}
        </Button>
      </div>
      <TextAreaField
        label={t('script.label')}
        // Named, so text typed before the app adopts the prerendered page reaches it (scripts/prerender/after-paint.js).
        name="script"
        rows={6}
        placeholder={t('script.placeholder')}
        value={text}
        error={
          tooLong
            ? t('script.tooLong', { max: greetingTextLimits.max })
            : incomplete && otherPlaceholders.length > 0
              ? t('fields.incompleteOther', { tokens: listFormat.format(otherPlaceholders) })
              : null
        }
        hint={<span id={counterId}>{t('script.counter', { count: length, max: greetingTextLimits.max })}</span>}
        onChange={(event) => onChange(event.target.value)}
      />
    </>
  );
}
