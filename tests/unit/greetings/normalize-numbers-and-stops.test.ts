import { describe, expect, it } from 'vitest';
import { normalizeForSpeech } from '../../../server/greetings/normalize';

/**
 * #25 finding 8 and #26 finding 7: long digit runs, emergency numbers, durations in hours and the
 * sentence ends the day and abbreviation rules used to swallow.
 */
describe('long digit runs are read digit by digit, never as a wrong or impossible number', () => {
  it('reads 16 nines as sixteen digits, not "ten quadrillion"', () => {
    const spoken = normalizeForSpeech('Quote 9999999999999999 when you call.', 'en');
    expect(spoken).toBe(`Quote ${Array(16).fill('nine').join(' ')} when you call.`);
    expect(spoken).not.toMatch(/quadrillion/);
  });

  it.each(['en', 'fr'] as const)('%s: 309, 400 and 1,000 digits become words without throwing', (lang) => {
    for (const length of [309, 400, 1000]) {
      const run = '7'.repeat(length);
      const spoken = normalizeForSpeech(`Ref ${run}.`, lang);
      expect(spoken.split(lang === 'fr' ? 'sept' : 'seven').length - 1).toBe(length);
      expect(spoken).not.toMatch(/\d|infinit/i);
    }
  });

  it('reads an account-like run of 13 digits digit by digit and keeps short numbers as numbers', () => {
    expect(normalizeForSpeech('Order 1234567890123 ships today.', 'en')).toBe('Order one two three four five six seven eight nine zero one two three ships today.');
    expect(normalizeForSpeech('We have 250 trucks.', 'en')).toBe('We have two hundred fifty trucks.');
  });

  it('keeps every money, ordinal and separated form of a huge number speakable', () => {
    const groups = Array<string>(110).fill('999');
    for (const text of [`Pay $${groups.join(',')}.`, `The ${'9'.repeat(400)}th caller.`, `${groups.join(',')} items.`, `$${'9'.repeat(330)}.50 a month.`]) {
      expect(normalizeForSpeech(text, 'en')).not.toMatch(/\d|infinit/i);
    }
    for (const text of [`${groups.join(' ')} clients.`, `Le ${'9'.repeat(400)}e appel.`, `${'9'.repeat(320)},50 €.`, `€${'9'.repeat(320)}`]) {
      expect(normalizeForSpeech(text, 'fr')).not.toMatch(/\d|infinit/i);
    }
  });
});

describe('emergency and short numbers are said digit by digit', () => {
  it.each([
    ['For emergencies call 911.', 'For emergencies call nine one one.'],
    ['In the UK dial 999, in Europe 112.', 'In the UK dial nine nine nine, in Europe one one two.'],
    ['Call 411 for information.', 'Call four one one for information.'],
  ])('en: %s', (written, spoken) => {
    expect(normalizeForSpeech(written, 'en')).toBe(spoken);
  });

  it('fr: 911 digit by digit, the French 15 and 112 as numbers', () => {
    expect(normalizeForSpeech("En cas d'urgence, appelez le 911 ou le 15.", 'fr')).toBe("En cas d'urgence, appelez le neuf un un ou le quinze.");
  });

  it('keeps a house number numbered the US way', () => {
    expect(normalizeForSpeech('Visit us at 911 Main St.', 'en')).toBe('Visit us at nine eleven Main Street.');
  });
});

describe('every sentence end is kept', () => {
  it.each([
    ['Monday to Friday. Call us.', 'Monday to Friday. Call us.'],
    ['Open Mon-Fri. Call us.', 'Open Monday to Friday. Call us.'],
    ['Open Mon to Sat. Call us.', 'Open Monday to Saturday. Call us.'],
    ['We are open Fri. Call us.', 'We are open Friday. Call us.'],
    ['We are open Sat. Call us.', 'We are open Saturday. Call us.'],
    ['Open 24 hrs. Call us.', 'Open twenty-four hours. Call us.'],
    ['We are on Main St. Call us.', 'We are on Main Street. Call us.'],
    ['Turn onto Elm Dr. Then call us.', 'Turn onto Elm Drive. Then call us.'],
  ])('en: %s', (written, spoken) => {
    expect(normalizeForSpeech(written, 'en')).toBe(spoken);
  });

  it.each([
    ['Du lundi au vendredi. Appelez-nous.', 'Du lundi au vendredi. Appelez-nous.'],
    ['Ouvert lun-ven. Appelez-nous.', 'Ouvert du lundi au vendredi. Appelez-nous.'],
    ['Ouvert le sam. Appelez-nous.', 'Ouvert le samedi. Appelez-nous.'],
    ['Plomberie, chauffage, etc. Appelez-nous.', 'Plomberie, chauffage, et cetera. Appelez-nous.'],
  ])('fr: %s', (written, spoken) => {
    expect(normalizeForSpeech(written, 'fr')).toBe(spoken);
  });

  it('still reads an abbreviation inside a sentence without a stop', () => {
    expect(normalizeForSpeech('Open Mon-Fri 8am-5pm.', 'en')).toBe('Open Monday to Friday, eight a.m. to five p.m.');
    expect(normalizeForSpeech('Ask for Dr. Smith.', 'en')).toBe('Ask for Doctor Smith.');
  });
});

describe('durations in hours are read', () => {
  it.each([
    ['We reply within 24h.', 'We reply within twenty-four hours.'],
    ['Quotes in 48h or less.', 'Quotes in forty-eight hours or less.'],
    ['Allow 1h for the visit.', 'Allow one hour for the visit.'],
  ])('en: %s', (written, spoken) => {
    expect(normalizeForSpeech(written, 'en')).toBe(spoken);
  });

  it.each([
    ['Réponse sous 24h.', 'Réponse sous vingt-quatre heures.'],
    ['Devis en 48h.', 'Devis en quarante-huit heures.'],
    ['Intervention dans les 2 h.', 'Intervention dans les deux heures.'],
    // A time of day stays a time.
    ['Rappel à 14h.', 'Rappel à quatorze heures.'],
    ["Ouvert jusqu'à 12h.", "Ouvert jusqu'à midi."],
  ])('fr: %s', (written, spoken) => {
    expect(normalizeForSpeech(written, 'fr')).toBe(spoken);
  });
});
