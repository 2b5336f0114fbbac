import { parsePhoneNumberFromString, type PhoneNumber } from '../../../core/phone/library';
import type { GreetingLanguage } from '../../../core/contracts/greetings';
import { cardinal, digits } from './numbers';
import type { Rule } from './rules';

const GROUP = String.raw`(?:\(\d{1,4}\)|\d{1,5})`;
// Groups apart by a space, a dot or a dash, or nothing after a bracket: "(555)123-4567".
const SEPARATOR = String.raw`(?: ?[.\-\u2011] ?| |(?<=\)))`;
const BEFORE = String.raw`(?<![\p{L}\p{N}/:.,@$€£+\-])`;
const AFTER = String.raw`(?![\p{L}\p{N}@]|[.,]\d)`;
/** A phone number as written: optional +country, then groups; or 10 to 12 digits in one run. */
const PHONE = new RegExp(String.raw`${BEFORE}(?:\+ ?)?${GROUP}(?:${SEPARATOR}${GROUP}){1,6}${AFTER}|${BEFORE}(?:\+ ?)?\d{10,12}${AFTER}`, 'gu');

/** US toll-free area codes; 800 is said "eight hundred", the others digit by digit. */
const tollFree = new Set(['800', '833', '844', '855', '866', '877', '888']);

/** Vanity numbers: "1-800-FLOWERS", "(888) GOT-JUNK": the word is said as a word. */
const VANITY = /(?<![\p{L}\p{N}])(?:(\+?1)[ .-]?)?\(?(8(?:00|33|44|55|66|77|88))\)?[ .-]((?=[A-Z0-9-]*[A-Z]{2})[A-Z0-9]{2,}(?:-[A-Z0-9]{2,})*)(?![\p{L}\p{N}])/gu;

const home: Record<GreetingLanguage, 'US' | 'FR'> = { en: 'US', fr: 'FR' };

/**
 * Phone numbers read the way they are given out in each country: libphonenumber finds the number's
 * country and its national grouping (US 3-3-4, French pairs, toll-free), so "5551234567" and
 * "(555) 123-4567" sound the same. English says every digit ("five five five"); French says pairs
 * as numbers ("zéro six, douze, trente-quatre"). A comma after each group gives the listener a breath.
 */
export function speakPhoneNumbers(lang: GreetingLanguage): Rule {
  return (text) =>
    text
      .replace(VANITY, (_match, one: string | undefined, area: string, word: string) => {
        const prefix = one ? `${lang === 'fr' ? 'un' : 'one'} ` : '';
        const spokenWord = word
          .split('-')
          .map((piece) => (/^\d+$/.test(piece) ? digits(piece, lang) : piece.charAt(0) + piece.slice(1).toLowerCase()))
          .join(' ');
        return ` ${prefix}${readArea(area, lang)}, ${spokenWord},`;
      })
      .replace(PHONE, (match) => {
        const spoken = speakPhoneNumber(match, lang);
        return spoken === undefined ? match : ` ${spoken},`;
      });
}

function speakPhoneNumber(written: string, lang: GreetingLanguage): string | undefined {
  const count = written.replace(/\D/g, '').length;
  if (count < 7 || count > 15) return undefined;
  const groups = written.trim().split(/[\s.()\-\u2011]+/).filter(Boolean);
  // Not phone numbers: a range of years (2019-2024), an amount with thousands separators (1 500 000).
  if (groups.length === 2 && groups.every((group) => /^(?:19|20)\d\d$/.test(group))) return undefined;
  if (!written.startsWith('+') && /^[1-9]\d{0,2}$/.test(groups[0] ?? '') && groups.length > 1 && groups.slice(1).every((group) => group.length === 3) && !/-/.test(written)) return undefined;
  const international = written.startsWith('+');
  const parsed = parsePhoneNumberFromString(written, home[lang]);
  if (!parsed?.isPossible()) return groups.map((group) => readGroup(group, lang)).join(', ');
  return readParsed(parsed, written, international, lang);
}

function readParsed(parsed: PhoneNumber, written: string, international: boolean, lang: GreetingLanguage): string {
  if (international) {
    const [code = '', ...rest] = parsed.formatInternational().split(' ');
    const country = lang === 'fr' ? cardinal(Number(code.slice(1)), 'fr') : digits(code, 'en');
    return [`plus ${country}`, ...rest.map((group) => readGroup(group, lang))].join(', ');
  }
  const groups = parsed
    .formatNational()
    .split(/[\s()-]+/)
    .filter(Boolean);
  const spoken = groups.map((group, index) => (index === 0 && parsed.countryCallingCode === '1' && tollFree.has(group) ? readArea(group, lang) : readGroup(group, lang)));
  // "1-800-…": the trunk prefix as written is said too ("one eight hundred").
  const digitsWritten = written.replace(/\D/g, '');
  const trunk = parsed.countryCallingCode === '1' && digitsWritten.length === 11 && digitsWritten.startsWith('1');
  return trunk ? `${lang === 'fr' ? 'un' : 'one'} ${spoken.join(', ')}` : spoken.join(', ');
}

function readArea(area: string, lang: GreetingLanguage): string {
  if (area === '800') return lang === 'fr' ? 'huit cents' : 'eight hundred';
  return digits(area, lang);
}

function readGroup(group: string, lang: GreetingLanguage): string {
  // English says every digit; French too for long groups and foreign ones ("cinq un quatre"),
  // except round hundreds ("huit cents" of a numéro vert).
  if (lang === 'en' || group.length > 3 || (group.length === 3 && !group.endsWith('00'))) return digits(group, lang);
  // French: pairs and short groups as numbers, a leading zero said on its own ("zéro six").
  if (group.startsWith('0')) return group.length === 1 ? 'zéro' : `zéro ${group.length === 2 ? digits(group.slice(1), 'fr') : cardinal(Number(group.slice(1)), 'fr')}`;
  return cardinal(Number(group), 'fr');
}
