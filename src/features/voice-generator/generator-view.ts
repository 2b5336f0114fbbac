import type { SnapshotFrom } from 'xstate';
import { findPlaceholders, greetingTextLimits } from '../../../core/contracts/greetings';
import { placeholderFields, type generatorMachine, type PlaceholderField } from '../../../machines/generator.machine';

export type GeneratorSnapshot = SnapshotFrom<typeof generatorMachine>;

/** How a placeholder is written in a script: `{company}`. */
export const tokenOf = (field: PlaceholderField) => `{${field}}`;

/**
 * What the generator page shows for a snapshot of its chart: which region is where, the script's
 * length against the limit, and the placeholders still in it (their fields are marked, and the
 * chart refuses to send the script while any is left).
 */
export function generatorView(snapshot: GeneratorSnapshot) {
  const { context } = snapshot;
  const placeholdersLeft = findPlaceholders(context.text);
  const length = context.text.trim().length;
  return {
    menuOpen: snapshot.matches({ voiceMenu: 'open' }),
    sampleLoading: snapshot.matches({ sample: { active: 'loading' } }),
    samplePlaying: snapshot.matches({ sample: { active: 'playing' } }),
    // Proving work again after the builder asked for it is part of making the greeting (#34.2).
    generating: snapshot.matches({ generator: 'loading' }) || snapshot.matches({ generator: 'proving' }),
    failed: snapshot.matches({ generator: 'error' }),
    incomplete: snapshot.matches({ generator: 'incomplete' }),
    greeting: snapshot.matches({ generator: 'result' }) ? context.greeting : null,
    length,
    tooLong: length > greetingTextLimits.max,
    missingFields: placeholderFields.filter((field) => placeholdersLeft.includes(tokenOf(field))),
    otherPlaceholders: placeholdersLeft.filter((token) => !placeholderFields.some((field) => tokenOf(field) === token)),
  };
}

export type GeneratorView = ReturnType<typeof generatorView>;
