// One locale each: the package's main entry bundles every locale it knows (~6 MB of heap held from
// the server's start, #16), these two ~0.8 MB.
import { ToWords as EnglishWords } from 'to-words/en-US';
import { ToWords as FrenchWords } from 'to-words/fr-FR';
import type { GreetingLanguage } from '../../../core/contracts/greetings';

/**
 * Numbers as words, the way they are said in each language. `to-words` knows the grammar (French
 * "soixante et onze", "quatre-vingts", "deux cents"); this file only adapts its spelling (lower case,
 * English compound hyphens) and adds what it does not do: years, digit strings, decimals.
 */
const converters: Record<GreetingLanguage, EnglishWords> = {
  en: new EnglishWords(),
  fr: new FrenchWords(),
};

const englishTens = 'twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety';
const englishUnits = 'one|two|three|four|five|six|seven|eight|nine|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth';
const englishCompound = new RegExp(`\\b(${englishTens}) (${englishUnits})\\b`, 'g');

function spell(words: string, lang: GreetingLanguage): string {
  const lower = words.toLowerCase().trim();
  return lang === 'en' ? lower.replace(englishCompound, '$1-$2') : lower;
}

/**
 * The longest number said as a number: 15 digits is every integer a double holds exactly (up to
 * 2^53 ≈ 9 quadrillion); a longer one would be said wrongly ("9999999999999999" as "ten
 * quadrillion") or not at all (309 digits is Infinity, which to-words refuses).
 */
export const LONGEST_SPOKEN_NUMBER = 15;

/**
 * Digits written in one run without separators, from this length up, are an account, order or
 * reference number: read digit by digit (10 to 12 such digits are phone numbers, read in groups
 * by ./phones.ts before this applies).
 */
export const DIGIT_BY_DIGIT_RUN = 10;

export function cardinal(value: number, lang: GreetingLanguage): string {
  // Callers pass short captures or go through spokenInteger; this keeps any other path from a throw.
  if (!Number.isSafeInteger(value)) return Number.isFinite(value) ? digits(BigInt(Math.trunc(value)).toString(), lang) : '';
  return spell(converters[lang].convert(value), lang);
}

/** A whole number given as its digits: as words when it can be said exactly, else digit by digit. */
export function spokenInteger(written: string, lang: GreetingLanguage): string {
  const bare = written.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  return bare.length > LONGEST_SPOKEN_NUMBER ? digits(bare, lang) : cardinal(Number(bare), lang);
}

/** 1 → first / premier; `feminine` gives French "première". */
export function ordinal(value: number, lang: GreetingLanguage, feminine = false): string {
  if (!Number.isSafeInteger(value)) return cardinal(value, lang);
  if (lang === 'en') return spell(converters.en.toOrdinal(value), 'en');
  if (value === 1) return feminine ? 'première' : 'premier';
  return frenchOrdinal(cardinal(value, 'fr'));
}

/** French ordinals from the cardinal's last word: "vingt et un" → "vingt et unième", "quatre-vingts" → "quatre-vingtième". */
function frenchOrdinal(words: string): string {
  return words.replace(/(\p{L}+)$/u, (last: string) => {
    if (last === 'cinq') return 'cinquième';
    if (last === 'neuf') return 'neuvième';
    const stem = last.replace(/(?<=(?:vingt|cent))s$/, '').replace(/e$/, '');
    return `${stem}ième`;
  });
}

/** French hours are feminine: "une heure", "vingt et une heures". */
export function frenchHours(value: number): string {
  return cardinal(value, 'fr').replace(/\bun$/, 'une');
}

/**
 * A year as people say it. English splits it in two ("nineteen ninety-eight", "twenty twenty-four")
 * except the first years of a century ("two thousand nine"); French says the number.
 */
export function year(value: number, lang: GreetingLanguage): string {
  if (lang === 'fr') return cardinal(value, 'fr');
  const century = Math.floor(value / 100);
  const rest = value % 100;
  if (value % 1000 < 10 || (value >= 2000 && value < 2010)) return cardinal(value, 'en');
  if (rest === 0) return `${cardinal(century, 'en')} hundred`;
  return `${cardinal(century, 'en')} ${rest < 10 ? `oh ${cardinal(rest, 'en')}` : cardinal(rest, 'en')}`;
}

const englishDigits = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'] as const;
const frenchDigits = ['zéro', 'un', 'deux', 'trois', 'quatre', 'cinq', 'six', 'sept', 'huit', 'neuf'] as const;

/** Digit by digit: "0199" → "zero one nine nine". */
export function digits(value: string, lang: GreetingLanguage): string {
  const names = lang === 'fr' ? frenchDigits : englishDigits;
  return [...value.replace(/\D/g, '')].map((digit) => names[Number(digit)] ?? digit).join(' ');
}

/** A number written with its thousands separators and decimals: "1,500", "2.5" (en), "1 500", "2,5" (fr). */
export function writtenNumber(text: string, lang: GreetingLanguage): string {
  const [whole = '', fraction] = lang === 'fr' ? text.replace(/[\s.]/g, '').split(',') : text.replace(/,/g, '').split('.');
  const unseparated = !/[\s.,]/.test(text.split(lang === 'fr' ? ',' : '.')[0] ?? '');
  const integer = unseparated && whole.length >= DIGIT_BY_DIGIT_RUN ? digits(whole, lang) : spokenInteger(whole, lang);
  if (fraction === undefined || fraction === '') return integer;
  // Decimals digit by digit after the point, except a plain two-digit fraction in French ("deux virgule cinquante").
  const decimals = lang === 'fr' && fraction.length <= 2 && !fraction.startsWith('0') ? cardinal(Number(fraction), 'fr') : digits(fraction, lang);
  return `${integer} ${lang === 'fr' ? 'virgule' : 'point'} ${decimals}`;
}

/**
 * A US house number read in pairs: "1234" → "twelve thirty-four", "120" → "one twenty",
 * "4500" → "forty-five hundred", "105" → "one oh five". Up to 99 and round hundreds stay cardinal.
 */
export function houseNumber(value: number): string {
  if (value < 100 || value > 9999) return cardinal(value, 'en');
  if (value % 1000 === 0) return cardinal(value, 'en');
  const head = Math.floor(value / 100);
  const rest = value % 100;
  if (rest === 0) return `${cardinal(head, 'en')} hundred`;
  return `${cardinal(head, 'en')} ${rest < 10 ? `oh ${cardinal(rest, 'en')}` : cardinal(rest, 'en')}`;
}

/**
 * A civic number in a French address (Quebec has four-digit ones): up to 999 as a number ("au
 * deux cent vingt et un"); four digits in two pairs, as they are said there ("3975, boulevard …" →
 * "trente-neuf soixante-quinze", "3905" → "trente-neuf zéro cinq"), round thousands and hundreds
 * as numbers ("deux mille", "douze cents"); longer ones digit by digit. Never "trois mille neuf
 * cent soixante-quinze": nobody reads an address that way.
 */
export function frenchStreetNumber(written: string): string {
  const value = Number(written);
  if (written.length > 4) return digits(written, 'fr');
  if (value < 1000 || value % 1000 === 0) return cardinal(value, 'fr');
  const head = Math.floor(value / 100);
  const rest = value % 100;
  if (rest === 0) return `${cardinal(head, 'fr')} cents`;
  return `${cardinal(head, 'fr')} ${rest < 10 ? `zéro ${cardinal(rest, 'fr')}` : cardinal(rest, 'fr')}`;
}

/**
 * A number with a letter, as on a door or a building ("221B", "12A", "3975B"): the number as a
 * house number, then the letter spelled ("two twenty-one B", "deux cent vingt et un B").
 */
export function numberWithLetter(number: string, letter: string, lang: GreetingLanguage): string {
  const spoken = lang === 'fr' ? frenchStreetNumber(number) : number.length > 4 ? digits(number, 'en') : houseNumber(Number(number));
  return `${spoken} ${letter.toUpperCase()}`;
}

/** A code as it is keyed in: every digit, and every letter spelled ("3975B" → "three nine seven five B"). */
export function codeCharacters(code: string, lang: GreetingLanguage): string {
  return [...code].map((character) => (/\d/.test(character) ? digits(character, lang) : character.toUpperCase())).join(' ');
}
