import { describe, expect, it } from 'vitest';
import { greetingTextLimits } from '../../../core/contracts/greetings';
import { generatorView } from '../../../src/features/voice-generator/generator-view';
import { greeting, replay, templates, type ModelEvent } from './generator-model';

// What the generator page shows, read from snapshots of the real chart (stand-in actors).
const viewAfter = (events: ModelEvent[]) => generatorView(replay(events).snapshots.at(-1)!);

describe('generatorView', () => {
  it('starts with the first template: its placeholders marked missing, nothing refused, open or playing', () => {
    const view = viewAfter([]);
    expect(view).toMatchObject({ menuOpen: false, sampleLoading: false, samplePlaying: false, generating: false, failed: false, incomplete: false, greeting: null, tooLong: false });
    expect(view.length).toBe(templates[0]!.text.length);
    expect(view.missingFields).toEqual(['company']);
    expect(view.otherPlaceholders).toEqual([]);
  });

  it('a filled field leaves the missing list; an unknown placeholder is listed apart', () => {
    const view = viewAfter([{ type: 'text.changed', text: 'Hi from {company} and {name}, {boss} speaking.' }, { type: 'field.changed', field: 'name', value: 'Ada' }]);
    expect(view.missingFields).toEqual(['company']);
    expect(view.otherPlaceholders).toEqual(['{boss}']);
  });

  it('a send refused for a missing detail is incomplete; a script over the limit is too long', () => {
    expect(viewAfter([{ type: 'greeting.submitted' }]).incomplete).toBe(true);
    const long = viewAfter([{ type: 'text.changed', text: 'a'.repeat(greetingTextLimits.max + 1) }]);
    expect(long).toMatchObject({ tooLong: true, length: greetingTextLimits.max + 1 });
  });

  it('follows the menu, the sample and the greeting through their states', () => {
    expect(viewAfter([{ type: 'menu.toggled' }]).menuOpen).toBe(true);
    expect(viewAfter([{ type: 'sample.toggled' }]).sampleLoading).toBe(true);
    expect(viewAfter([{ type: 'sample.toggled' }, { type: 'sample.playing' }]).samplePlaying).toBe(true);
    const fill: ModelEvent = { type: 'field.changed', field: 'company', value: 'Acme' };
    expect(viewAfter([fill, { type: 'greeting.submitted' }]).generating).toBe(true);
    expect(viewAfter([fill, { type: 'greeting.submitted' }, { type: 'xstate.done.actor.fetchGreeting', output: greeting }]).greeting).toEqual(greeting);
    expect(viewAfter([fill, { type: 'greeting.submitted' }, { type: 'xstate.error.actor.fetchGreeting', error: new Error('down') }]).failed).toBe(true);
  });
});
