import { useMachine } from '@xstate/react';
import { useEffect, useId, useMemo, type FormEvent } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { generatorMachine, placeholderFields, type GeneratorContext, type PlaceholderField } from '../../../machines/generator.machine';
import { useLanguage } from '../../app/use-language';
import { findPlaceholders, greetingTextLimits, voiceDisplayList, type GreetingLanguage, type VoiceName } from '../../../core/contracts/greetings';
import { Alert } from '../../ui/Alert';
import { Button, ButtonLink } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { TextAreaField, TextField } from '../../ui/Field';
import { Page } from '../../ui/Page';
import { Spinner } from '../../ui/Spinner';
import { Heading, Text } from '../../ui/Text';
import { fetchGreeting, playSample } from './generator.actors';
import { publishInspection } from '../charts/live-state';
import { groupOf, loadTemplates } from './templates';
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
      return t(`errors.${failure.kind}`);
    default:
      return t('error');
  }
}

const labelOf = (voice: VoiceName) => voiceDisplayList.find((label) => label.toLowerCase() === voice) ?? voice;

/** French elides "de" before a vowel ("l'exemple d'Aria"): the texts have a `_vowel` variant. */
const voiceContext = (label: string) => (/^[aeiouyàâéèêîïôû]/i.test(label) ? 'vowel' : undefined);

/**
 * The public voice greeting generator (SPEC §2 /voice-generator): choose a voice, listen to its
 * example, pick or write a script, make the greeting. What happens is generator.machine.ts; this
 * page only shows its snapshot and sends it events. No page-view analytics here (SPEC §2).
 */
export default function VoiceGeneratorPage() {
  const lng: GreetingLanguage = useLanguage();
  const { t } = useTranslation(['voice', 'common']);
  const templates = useMemo(() => loadTemplates(t), [t]);
  const [snapshot, send] = useMachine(generatorMachine.provide({ actors: { fetchGreeting, playSample } }), {
    input: { lang: lng, templates },
    inspect: publishInspection('generator'),
  });
  const { context } = snapshot;

  // The language is part of the address: when it changes, the chart swaps the script's language.
  useEffect(() => {
    if (context.lang !== lng) send({ type: 'language.changed', lang: lng, templates });
  }, [lng, templates, context.lang, send]);

  const voiceLabel = labelOf(context.voice);
  const menuOpen = snapshot.matches({ voiceMenu: 'open' });
  const sampleLoading = snapshot.matches({ sample: { active: 'loading' } });
  const samplePlaying = snapshot.matches({ sample: { active: 'playing' } });
  const generating = snapshot.matches({ generator: 'loading' });
  const failed = snapshot.matches({ generator: 'error' });
  const incomplete = snapshot.matches({ generator: 'incomplete' });
  // Placeholders still in the script: their fields are marked, and the chart refuses to send it.
  const placeholdersLeft = findPlaceholders(context.text);
  const tokenOf = (field: PlaceholderField) => `{${field}}`;
  const missingFields = placeholderFields.filter((field) => placeholdersLeft.includes(tokenOf(field)));
  const otherPlaceholders = placeholdersLeft.filter((token) => !placeholderFields.some((field) => tokenOf(field) === token));

  const greeting = snapshot.matches({ generator: 'result' }) ? context.greeting : null;
  const length = context.text.trim().length;
  const tooLong = length > greetingTextLimits.max;
  const counterId = useId();
  const resultHeadingId = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    send({ type: 'greeting.submitted' });
    // Refused for a missing detail: take the visitor to the first field to fill.
    const first = missingFields[0];
    const input = first ? event.currentTarget.elements.namedItem(first) : null;
    if (input instanceof HTMLInputElement) input.focus();
  }

  const listFormat = new Intl.ListFormat(lng, { type: 'conjunction' });

  const voiceValues = { voice: voiceLabel, context: voiceContext(voiceLabel) };
  const sampleLabel = sampleLoading ? t('voice.loadingExample', voiceValues) : samplePlaying ? t('voice.pauseExample', voiceValues) : t('voice.tryExample', voiceValues);
  const mp3 = greeting?.formats.find((format) => format.format === 'mp3');
  const wav = greeting?.formats.find((format) => format.format === 'wav');

  return (
    <Page width="content">
      <div className={styles.intro}>
        <Heading level={1}>{t('title')}</Heading>
        <Text tone="muted" size="lead">
          {t('intro')}
        </Text>
      </div>
      <Card>
        <form className={styles.form} onSubmit={submit} noValidate>
          <div className={styles.voiceRow}>
            <VoicePicker
              voice={context.voice}
              menuOpen={menuOpen}
              onToggleMenu={() => send({ type: 'menu.toggled' })}
              onCloseMenu={() => send({ type: 'menu.closed' })}
              onSelect={(voice) => send({ type: 'voice.selected', voice })}
            />
            {/* Not `loading`: that disables the button, and a visitor may cancel a slow example. */}
            <Button tone="secondary" aria-pressed={samplePlaying} aria-busy={sampleLoading || undefined} onClick={() => send({ type: 'sample.toggled' })}>
              {sampleLoading ? <Spinner /> : null}
              {sampleLabel}
            </Button>
          </div>

          <div className={styles.scriptHeader}>
            <Text size="small" tone="muted">
              {context.templateIndex === null ? '\u00a0' : t('script.template', { index: context.templateIndex, group: t(`groups.${groupOf(context.templateIndex)}`) })}
            </Text>
            <Button tone="ghost" size="small" title={t('script.generateHint')} onClick={() => send({ type: 'script.shuffled' })}>
              {t('script.generate')}
            </Button>
          </div>
          <TextAreaField
            label={t('script.label')}
            rows={6}
            placeholder={t('script.placeholder')}
            value={context.text}
            error={
              tooLong
                ? t('script.tooLong', { max: greetingTextLimits.max })
                : incomplete && otherPlaceholders.length > 0
                  ? t('fields.incompleteOther', { tokens: listFormat.format(otherPlaceholders) })
                  : null
            }
            hint={<span id={counterId}>{t('script.counter', { count: length, max: greetingTextLimits.max })}</span>}
            onChange={(event) => send({ type: 'text.changed', text: event.target.value })}
          />

          <fieldset className={styles.fields}>
            <legend className={styles.legend}>{t('fields.legend')}</legend>
            <p className={styles.fieldsHint}>{t('fields.hint')}</p>
            {placeholderFields.map((field: PlaceholderField) => (
              <TextField
                key={field}
                name={field}
                label={t(`fields.${field}`)}
                placeholder={t(`fields.${field}Placeholder`)}
                value={context.fields[field]}
                required={missingFields.includes(field)}
                hint={missingFields.includes(field) && !incomplete ? t('fields.usedAs', { token: tokenOf(field) }) : undefined}
                error={missingFields.includes(field) && incomplete ? t('fields.missing', { token: tokenOf(field) }) : null}
                autoComplete={field === 'company' ? 'organization' : field === 'name' ? 'given-name' : field === 'emergency' ? 'tel' : 'off'}
                onChange={(event) => send({ type: 'field.changed', field, value: event.target.value })}
              />
            ))}
          </fieldset>

          <Button type="submit" block loading={generating} disabled={length === 0 || tooLong}>
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
          {failed ? (
            <div tabIndex={-1} ref={focusOnArrival}>
              <Alert tone="critical">{failureMessage(t, context.failure)}</Alert>
            </div>
          ) : null}

          {greeting ? (
            <section className={styles.result} aria-labelledby={resultHeadingId}>
              <Heading level={2} id={resultHeadingId} key={greeting.url} tabIndex={-1} ref={focusOnArrival}>
                {t('result.label')}
              </Heading>
              {/* A new greeting gets a new element, so the browser never plays the previous one. It
                  plays as soon as its first audio arrives: the click on 'Create your greeting' is
                  the user activation browsers ask before sound (no second click on play). */}
              <audio key={greeting.url} className={styles.player} src={greeting.url} controls autoPlay preload="auto" aria-label={t('result.player', { voice: labelOf(greeting.voice), context: voiceContext(labelOf(greeting.voice)) })} />
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
          ) : null}
        </form>
      </Card>
    </Page>
  );
}
