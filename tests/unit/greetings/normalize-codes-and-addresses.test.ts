import { describe, expect, it } from 'vitest';
import { detectLanguage } from '../../../server/greetings/language';
import { normalizeForSpeech } from '../../../server/greetings/normalize';

/**
 * #37.6: an abbreviation's stop that also ends the sentence, numbers that are codes or street
 * numbers rather than quantities, and a number with a letter ("221B"), in en and fr.
 */
describe('a legal form at the end of a sentence keeps its full stop', () => {
  it.each([
    ['Dr. Smith & Co. Est. 1998.', 'Doctor Smith and Company. Established nineteen ninety-eight.'],
    ['Acme Inc. We are open today.', 'Acme Incorporated. We are open today.'],
    ['Call Pine Ltd. Thanks.', 'Call Pine Limited. Thanks.'],
    // Before a lower-case word the dot is the abbreviation's only.
    ['Acme Roofing Inc. thanks you.', 'Acme Roofing Incorporated thanks you.'],
    // "Bros." is followed by more of the name.
    ['Johnson Bros. Plumbing Co.', 'Johnson Brothers Plumbing Company.'],
  ])('en: %s', (written, spoken) => {
    expect(normalizeForSpeech(written, 'en')).toBe(spoken);
  });

  it('"Est. 1998" does not make a script French', () => {
    expect(detectLanguage('Dr. Smith & Co. Est. 1998.')).toBe('en');
    expect(detectLanguage('Le cabinet est ouvert.')).toBe('fr');
  });
});

describe('a code is read as it is keyed in', () => {
  it.each([
    ['Composez le code 3975 à la porte.', 'Composez le code trois neuf sept cinq à la porte.'],
    ['Digicode : 3975B.', 'Digicode: trois neuf sept cinq B.'],
    ["Code d'accès 0412.", "Code d'accès zéro quatre un deux."],
    ['Le code est 3975.', 'Le code est trois neuf sept cinq.'],
    ['Rappelez la référence 3975.', 'Rappelez la référence trois neuf sept cinq.'],
    ['Poste 3975.', 'Poste trois neuf sept cinq.'],
    // Not a code: a quantity stays a number.
    ['Plus de 3975 clients.', 'Plus de trois mille neuf cent soixante-quinze clients.'],
  ])('fr: %s', (written, spoken) => {
    expect(normalizeForSpeech(written, 'fr')).toBe(spoken);
  });

  it.each([
    ['Use gate code 3975 at the door.', 'Use gate code three nine seven five at the door.'],
    ['Your PIN is 0420.', 'Your PIN is zero four two zero.'],
    ['Quote order number 3975.', 'Quote order number three nine seven five.'],
    ['Over 3975 customers.', 'Over three thousand nine hundred seventy-five customers.'],
  ])('en: %s', (written, spoken) => {
    expect(normalizeForSpeech(written, 'en')).toBe(spoken);
  });
});

describe('a street number is read as an address, not a quantity', () => {
  it.each([
    ['Nous sommes au 3975, boulevard Saint-Laurent.', 'Nous sommes au trente-neuf soixante-quinze, boulevard Saint-Laurent.'],
    ['Au 3905 rue Ontario.', 'Au trente-neuf zéro cinq rue Ontario.'],
    ['Au 1200 rue Sherbrooke.', 'Au douze cents rue Sherbrooke.'],
    ['Au 12 bis rue Foch.', 'Au douze bis rue Foch.'],
    ['Au 221 avenue Foch.', 'Au deux cent vingt et un avenue Foch.'],
    ['Au 3975 av. du Parc.', 'Au trente-neuf soixante-quinze avenue du Parc.'],
  ])('fr: %s', (written, spoken) => {
    expect(normalizeForSpeech(written, 'fr')).toBe(spoken);
  });

  it('en: four digits in pairs, as before', () => {
    expect(normalizeForSpeech('We are at 3975 Elm Street.', 'en')).toBe('We are at thirty-nine seventy-five Elm Street.');
  });
});

describe('a number with a letter is said, not left as written', () => {
  it.each([
    ['Visit us at 221B Baker Street.', 'Visit us at two twenty-one B Baker Street.'],
    ['Suite 12A is on the left.', 'Suite twelve A is on the left.'],
  ])('en: %s', (written, spoken) => {
    expect(normalizeForSpeech(written, 'en')).toBe(spoken);
  });

  it.each([
    ['Retrouvez-nous au 221B Baker Street.', 'Retrouvez-nous au deux cent vingt et un B Baker Street.'],
    ['Au 221B rue de la Paix.', 'Au deux cent vingt et un B rue de la Paix.'],
    ['Porte 12A, bâtiment 3975C.', 'Porte douze A, bâtiment trente-neuf soixante-quinze C.'],
  ])('fr: %s', (written, spoken) => {
    expect(normalizeForSpeech(written, 'fr')).toBe(spoken);
  });

  it.each(['en', 'fr'] as const)('%s: no digit is left in any of them', (lang) => {
    for (const written of ['221B', 'Apt 4C', 'Unit 1500B', 'Code 3975B', '12 bis rue Foch']) {
      expect(normalizeForSpeech(written, lang)).not.toMatch(/\d/);
    }
  });
});
