import { describe, expect, it } from 'vitest';
import { normalizeForSpeech } from '../../../server/greetings/normalize';

const en = (text: string) => normalizeForSpeech(text, 'en');
const fr = (text: string) => normalizeForSpeech(text, 'fr');

describe('normalizeForSpeech, English', () => {
  it('reads phone numbers digit by digit in their groups', () => {
    expect(en('Call (555) 123-4567 today.')).toBe('Call five five five, one two three, four five six seven, today.');
    expect(en('Call 555.123.4567.')).toBe('Call five five five, one two three, four five six seven.');
    expect(en('Dial +1 416 555 0199')).toBe('Dial plus one, four one six, five five five, zero one nine nine.');
    expect(en('Toll free 1-800-555-0199, ext. 12.')).toBe('Toll free one, eight hundred, five five five, zero one nine nine, extension one two.');
  });

  it('leaves years, amounts and small numbers alone', () => {
    expect(en('Serving you since 2009, 2019-2024 winner, 3 trucks.')).toBe('Serving you since 2009, 2019-2024 winner, 3 trucks.');
    expect(en('Projects from $5,000 or $10k.')).toBe('Projects from 5,000 dollars or 10 thousand dollars.');
  });

  it('reads times and opening hours', () => {
    expect(en('Open Mon–Fri 8am–5pm.')).toBe('Open Monday to Friday 8 ay em to 5 pee em.');
    expect(en('Sat 9:30 a.m. to 1 p.m.')).toBe('Saturday 9 30 ay em to 1 pee em.');
    expect(en('We open at 7:05am and close at 17:00.')).toBe('We open at 7 oh 5 ay em and close at 5 pee em.');
    expect(en('Hours 8-5pm, 12:00 lunch.')).toBe('Hours 8 pee em to 5 pee em, noon lunch.');
  });

  it('says 24/7', () => {
    expect(en('Emergency service 24/7.')).toBe('Emergency service twenty-four seven.');
  });

  it('expands street and business abbreviations', () => {
    expect(en('Visit us at 120 Main St. Suite 4, St. Louis.')).toBe('Visit us at 120 Main Street Suite 4, Saint Louis.');
    expect(en('Find us on Oak Ave, near Dr. Patel on Elm Rd. Ask for Mr. Lee.')).toBe('Find us on Oak Avenue, near Doctor Patel on Elm Road. Ask for Mister Lee.');
    expect(en('Smith & Sons LLC, HVAC and A/C repair, 100% guaranteed.')).toBe('Smith and Sons L L C, H-vac and A C repair, 100 percent guaranteed.');
  });

  it('speaks e-mail and web addresses', () => {
    expect(en('Write to info@acme-roofing.com or visit www.acme-roofing.com.')).toBe(
      'Write to info at acme-roofing dot com or visit w w w dot acme-roofing dot com.',
    );
  });

  it('drops leftover template braces', () => {
    expect(en('Thanks for calling {company}.')).toBe('Thanks for calling company.');
  });
});

describe('normalizeForSpeech, French', () => {
  it('reads phone numbers in pairs', () => {
    expect(fr('Appelez le 01 23 45 67 89.')).toBe('Appelez le zéro un, 23, 45, 67, 89.');
    expect(fr('Urgences : +33 6 12 34 56 78')).toBe('Urgences: plus 33, six, 12, 34, 56, 78.');
  });

  it('reads hours and days', () => {
    expect(fr('Ouvert lun–ven 8h–17h30.')).toBe('Ouvert du lundi au vendredi de 8 heures à 17 heures 30.');
    expect(fr('Le sam. de 9 h à 12 h.')).toBe('Le samedi de 9 heures à midi.');
    expect(fr('Rappel à 14h.')).toBe('Rappel à 14 heures.');
  });

  it('says 24/7 and 24h/24', () => {
    expect(fr('Dépannage 24/7.')).toBe('Dépannage vingt-quatre heures sur vingt-quatre, sept jours sur sept.');
    expect(fr('Service 24h/24 et 7j/7.')).toBe('Service vingt-quatre heures sur vingt-quatre et sept jours sur sept.');
  });

  it('expands French abbreviations', () => {
    expect(fr('12 av. Foch, St-Denis. Demandez M. Martin ou Mme Roy.')).toBe('12 avenue Foch, Saint-Denis. Demandez Monsieur Martin ou Madame Roy.');
    expect(fr('Devis n° 42 dès 1 500 € & 20 % de remise.')).toBe('Devis numéro 42 dès 1 500 euros et 20 pour cent de remise.');
  });

  it('speaks addresses in French', () => {
    expect(fr('Écrivez à contact@renov.fr.')).toBe('Écrivez à contact arobase renov point fr.');
  });
});

describe('normalizeForSpeech on arbitrary input', () => {
  it('never throws, stays fast and keeps text speakable', () => {
    const alphabet = 'ab 0123456789-.:/()+&%$€@#hH\'",;!?éàç\u0000\u0007{}<>\n\t';
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const started = performance.now();
    for (let round = 0; round < 300; round += 1) {
      const text = Array.from({ length: 1000 }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
      for (const lang of ['en', 'fr'] as const) {
        const spoken = normalizeForSpeech(text, lang);
        // eslint-disable-next-line no-control-regex
        expect(spoken).not.toMatch(/[\u0000-\u0008<>{}]/);
      }
    }
    expect(performance.now() - started).toBeLessThan(5000);
  });
});
