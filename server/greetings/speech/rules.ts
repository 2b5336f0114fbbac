import type { GreetingLanguage } from '../../../core/contracts/greetings';
import { codeCharacters, digits, LONGEST_SPOKEN_NUMBER, numberWithLetter } from './numbers';

/** One rewriting step of the normaliser: text in, text out. */
export type Rule = (text: string) => string;

/**
 * Whole-word replacements. `sentenceEnd` says when a consumed dot also ended the sentence: before a
 * capital ("Elm Rd. We open"), only at the very end (French street types come before a name), or
 * never (titles such as "Mr." always come before a name).
 */
export function replaceWords(map: Record<string, string>, flags = 'g', sentenceEnd: 'capital' | 'end' | 'never' = 'capital'): Rule {
  const entries = Object.entries(map).sort(([a], [b]) => b.length - a.length);
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(${entries.map(([key]) => escapeRegExp(key)).join('|')})(?![\\p{L}\\p{N}])`, `${flags}u`);
  const lookup = new Map(entries.map(([key, value]) => [flags.includes('i') ? key.toLowerCase() : key, value]));
  return (text) =>
    text.replace(pattern, (match: string, _word: string, offset: number, whole: string) => {
      const spoken = lookup.get(flags.includes('i') ? match.toLowerCase() : match);
      if (spoken === undefined) return match;
      if (sentenceEnd === 'never') return spoken;
      if (sentenceEnd === 'end') return match.endsWith('.') && /^\s*$/.test(whole.slice(offset + match.length)) ? `${spoken}.` : spoken;
      return keepSentenceEnd(match, offset, whole, spoken);
    });
}

/**
 * An abbreviation's dot may also end the sentence ("… on Elm Rd." or "… until 5 p.m. Thanks"):
 * then the spoken form keeps a full stop, so the engine still pauses there.
 */
export function keepSentenceEnd(match: string, offset: number, whole: string, spoken: string): string {
  if (!match.endsWith('.') || spoken.endsWith('.')) return spoken;
  const after = whole.slice(offset + match.length);
  return /^\s*(?:$|["')]?\s*$|\p{Lu})/u.test(after) ? `${spoken}.` : spoken;
}

export function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

interface AddressWords {
  at: string;
  dot: string;
  slash: string;
  dash: string;
  underscore: string;
  /** Top-level domains said as a word; the others are spelled ("c a", "f r"). */
  wordDomains: ReadonlySet<string>;
}

const DOMAIN = String.raw`[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.[a-z]{2,12}`;

/**
 * E-mail and web addresses as a receptionist spells them out: "info at acme dash roofing dot com",
 * "acme roofing dot C A slash quote". "www." is left out (browsers do not need it, callers do not
 * either); a trailing full stop stays a full stop.
 */
export function speakAddresses(words: AddressWords): Rule {
  const part = (value: string) =>
    value
      .split('.')
      .filter(Boolean)
      .map((piece) => piece.replace(/-/g, ` ${words.dash} `).replace(/_/g, ` ${words.underscore} `))
      .join(` ${words.dot} `);
  const domain = (value: string) => {
    const pieces = value.toLowerCase().split('.');
    const top = pieces.pop() ?? '';
    const spokenTop = words.wordDomains.has(top) ? top : top.toUpperCase().split('').join(' ');
    return `${part(pieces.join('.'))} ${words.dot} ${spokenTop}`;
  };
  const email = new RegExp(String.raw`(?<![\w.+-])([\w.+-]+)@(${DOMAIN})(?![\w-])`, 'giu');
  const web = new RegExp(String.raw`(?<![\w@.-])(?:https?:\/\/)?(?:www\.)?(${DOMAIN})((?:\/[\w-]+)*)\/?(?![\w-])`, 'giu');
  return (text) =>
    text
      .replace(email, (_match, user: string, host: string) => `${part(user)} ${words.at} ${domain(host)}`)
      .replace(web, (match: string, host: string, path: string) => {
        // Only what looks like an address: a scheme, www, or a known top-level domain.
        const top = host.split('.').pop()?.toLowerCase() ?? '';
        if (!/^(?:https?:\/\/|www\.)/i.test(match) && !knownDomains.has(top)) return match;
        const rest = path ? ` ${words.slash} ${path.slice(1).split('/').map((piece) => part(piece)).join(` ${words.slash} `)}` : '';
        return `${domain(host)}${rest}`;
      });
}

const knownDomains = new Set(['com', 'net', 'org', 'biz', 'info', 'ca', 'us', 'co', 'io', 'fr', 'be', 'ch', 'lu', 'uk', 'eu', 'pro', 'app', 'dev', 'shop', 'store', 'online', 'site', 'construction', 'build', 'builders', 'contractors', 'plumbing', 'roofing']);

const LONG_DIGIT_RUN = new RegExp(String.raw`(?<!\d[.,]|\d|[$€£]\s?)\d{${LONGEST_SPOKEN_NUMBER + 1},}(?!\d)`, 'g');

/**
 * Digit runs longer than any number that can be said exactly (or any phone number), read digit by
 * digit before the other rules see them: their `Number()` would be wrong from 16 digits and
 * Infinity from 309. A run after a decimal point is left to the decimals, which are read so anyway,
 * and one after a currency sign to the price rules (./numbers.ts spokenInteger reads it so too).
 */
export function speakLongDigitRuns(lang: GreetingLanguage): Rule {
  return (text) => text.replace(LONG_DIGIT_RUN, (run) => ` ${digits(run, lang)} `);
}

/**
 * Codes are keyed in, so they are read the way they are typed: digit by digit (and letters
 * spelled) after a word that announces one ("code 3975", "digicode : 3975B", "your PIN is 0420"). `words`
 * are those words in the rule's language (matched with or without a capital first letter); the
 * code is 2 to 12 characters, digits and capital letters, with at least one digit. (Phone
 * extensions have their own rule, before the phone numbers.)
 */
export function speakCodes(words: readonly string[], lang: GreetingLanguage): Rule {
  const announced = words
    .map((word) => `[${word.charAt(0).toLowerCase()}${word.charAt(0).toUpperCase()}]${escapeRegExp(word.slice(1))}`)
    .sort((a, b) => b.length - a.length)
    .join('|');
  const pattern = new RegExp(String.raw`(?<![\p{L}\d])(${announced})(\s*(?:n°|no\.|#|(?:is|est)(?=\s))?\s*:?\s*)((?=[\p{Lu}\d-]*\d)[\p{Lu}\d](?:[\p{Lu}\d-]{0,10}[\p{Lu}\d])?)(?![\p{L}\d]|[.,]\d)`, 'gu');
  return (text) => text.replace(pattern, (_match, word: string, between: string, code: string) => `${word}${between.replace(/\s*$/, ' ')}${codeCharacters(code.replace(/-/g, ''), lang)}`);
}

/**
 * A number with one capital letter glued to it, as on a door, a building or a flat ("221B Baker
 * Street", "Porte 12A"): said as a house number and the letter, never left as written.
 */
export function speakNumbersWithLetter(lang: GreetingLanguage): Rule {
  return (text) => text.replace(/(?<![\p{L}\d.,$€£#])(\d{1,5})([A-Z])(?![\p{L}\d])/gu, (_match, number: string, letter: string) => numberWithLetter(number, letter, lang));
}
