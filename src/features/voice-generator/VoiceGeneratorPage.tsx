import { useMachine } from '@xstate/react';
import { useEffect, useMemo, type FormEvent } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { generatorMachine, type GeneratorContext } from '../../../machines/generator.machine';
import { useLanguage } from '../../platform/use-language';
import type { GreetingLanguage } from '../../../core/contracts/greetings';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Page } from '../../ui/Page';
import { Heading, Text } from '../../ui/Text';
import { fetchGreeting, playSample, preloadGreeting, proveGreeting } from './generator.actors';
import { generatorView, tokenOf } from './generator-view';
import { GreetingResult } from './GreetingResult';
import { publishInspection } from '../../platform/live-state/live-state';
import { forgetServedScript, servedScript } from '../../platform/served-script';
import { PlaceholderFields } from './PlaceholderFields';
import { SampleButton } from './SampleButton';
import { ScriptEditor } from './ScriptEditor';
import { loadTemplates } from './templates';
import * as styles from './VoiceGeneratorPage.css';
import { VoicePicker } from './VoicePicker';

/**
 * What just appeared (the result, or the error) takes the focus: the submit button is disabled while
 * the greeting is made, which drops focus to the page, and keyboard and screen-reader users should
 * land on the answer rather than start again from the top.
 */
const focusOnArrival = (element: HTMLElement | null) => element?.focus();

/** The alert for a greeting not made: the builder's limits say what to do; anything else is SPEC §8's message. */
function failureMessage(t: TFunction<['voice', 'common']>, failure: GeneratorContext['failure']): string {
  switch (failure?.kind) {
    case 'hourlyBudgetSpent':
      return failure.retryAfterSeconds === null ? t('errors.hourlyBudgetSpentLater') : t('errors.hourlyBudgetSpent', { count: Math.ceil(failure.retryAfterSeconds / 60) });
    case 'rateLimited':
    case 'clientBusy':
    case 'busy':
    case 'spokenTooLong':
    case 'proofRequired':
      return t(`errors.${failure.kind}`);
    default:
      return t('error');
  }
}

/**
 * The public voice greeting generator (SPEC §2 /voice-generator): choose a voice, listen to its
 * example, pick or write a script, make the greeting. What happens is generator.machine.ts; this
 * page only shows its snapshot and sends it events. No page-view analytics here (SPEC §2).
 */
export default function VoiceGeneratorPage() {
  const lng: GreetingLanguage = useLanguage();
  const { t } = useTranslation(['voice', 'common']);
  const templates = useMemo(() => loadTemplates(t), [t]);
  const [snapshot, send] = useMachine(generatorMachine.provide({ actors: { fetchGreeting, playSample, proveGreeting } }), {
    // Over a prerendered page, the script it was drawn with (the server's random pick); else a random one.
    input: { lang: lng, templates, script: servedScript(lng) },
    inspect: publishInspection('generator'),
  });
  const { context } = snapshot;
  useEffect(forgetServedScript, []);

  // The language is part of the address: when it changes, the chart swaps the script's language.
  useEffect(() => {
    if (context.lang !== lng) send({ type: 'language.changed', lang: lng, templates });
  }, [lng, templates, context.lang, send]);

  const view = generatorView(snapshot);
  const { generating, incomplete, missingFields, greeting } = view;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    send({ type: 'greeting.submitted' });
    // Refused for a missing detail: take the visitor to the first field to fill.
    const first = missingFields[0];
    const input = first ? event.currentTarget.elements.namedItem(first) : null;
    if (input instanceof HTMLInputElement) input.focus();
  }

  const listFormat = new Intl.ListFormat(lng, { type: 'conjunction' });

  return (
    <Page width="content">
      <div className={styles.intro}>
        <Heading level={1}>{t('title')}</Heading>
        <Text tone="muted" size="lead">
          {t('intro')}
        </Text>
      </div>
      <Card>
        {/* Any sign of intent loads what reading the greeting needs before the click (#40.4). */}
        <form className={styles.form} onSubmit={submit} onFocus={preloadGreeting} onPointerEnter={preloadGreeting} onInput={preloadGreeting} noValidate>
          <div className={styles.voiceRow}>
            <VoicePicker
              voice={context.voice}
              menuOpen={view.menuOpen}
              onToggleMenu={() => send({ type: 'menu.toggled' })}
              onCloseMenu={() => send({ type: 'menu.closed' })}
              onSelect={(voice) => send({ type: 'voice.selected', voice })}
            />
            <SampleButton voice={context.voice} loading={view.sampleLoading} playing={view.samplePlaying} onToggle={() => send({ type: 'sample.toggled' })} />
          </div>

          <ScriptEditor text={context.text} templateIndex={context.templateIndex} view={view} listFormat={listFormat} onShuffle={() => send({ type: 'script.shuffled' })} onChange={(text) => send({ type: 'text.changed', text })} />
          <PlaceholderFields values={context.fields} missing={missingFields} incomplete={incomplete} onChange={(field, value) => send({ type: 'field.changed', field, value })} />

          <Button type="submit" block loading={generating} disabled={view.length === 0 || view.tooLong}>
            {generating ? t('creating') : t('submit')}
          </Button>

          {incomplete && missingFields.length > 0 ? (
            <Alert tone="critical">
              {t('fields.incomplete', {
                fields: listFormat.format(missingFields.map((field) => t(`fields.${field}`))),
                tokens: listFormat.format(missingFields.map(tokenOf)),
              })}
            </Alert>
          ) : null}
          {view.failed ? (
            <div tabIndex={-1} ref={focusOnArrival}>
              <Alert tone="critical">{failureMessage(t, context.failure)}</Alert>
            </div>
          ) : null}

          {greeting ? <GreetingResult greeting={greeting} focusOnArrival={focusOnArrival} /> : null}
        </form>
      </Card>
    </Page>
  );
}
