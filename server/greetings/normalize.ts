import type { GreetingLanguage } from '../../src/contracts/greetings';

/**
 * Rewrites a greeting script the way a person would read it aloud, before it reaches the engine:
 * phone numbers digit by digit in their groups, times and opening hours, 24/7, street and business
 * abbreviations, e-mail and web addresses. Plain numbers stay digits (both engines read those
 * well in their language); only what engines get wrong is rewritten.
 */
export function normalizeForSpeech(text: string, lang: GreetingLanguage): string {
  const rules = lang === 'fr' ? french : english;
  let out = text.normalize('NFC');
  // Typography first, so the rules below see one kind of quote, dash and space.
  out = out
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[\u201c\u201d\u00ab\u00bb]/g, '"')
    .replace(/[\u00a0\u202f\u2009]/g, ' ')
    .replace(/\u2026/g, '...')
    .replace(/[{}[\]<>]/g, ' ')
    // Control characters mean nothing spoken (and a NUL would cut the engine's C string).
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, ' ');
  for (const rule of rules) out = rule(out);
  return out
    .replace(/\s+([,.!?;:])/g, '$1')
    .replace(/,+([.!?;:,])/g, '$1')
    .replace(/\s{2,}/g, ' ')
    .replace(/,\s*$/, '.')
    .trim();
}

type Rule = (text: string) => string;

const DASH = '\\s*(?:-|\u2013|\u2014|to|à|au)\\s*';

// ---------------------------------------------------------------- shared pieces

/** Addresses before anything touches dots: `info@acme.com`, `www.acme.com`, `https://acme.ca/x`. */
function speakAddresses(at: string, dot: string, slash: string): Rule {
  return (text) =>
    text
      .replace(/\b([\w.+-]+)@([\w-]+(?:\.[\w-]+)+)\b/g, (_match, user: string, domain: string) =>
        `${spellDots(user, dot)} ${at} ${spellDots(domain, dot)}`,
      )
      .replace(/\b(?:https?:\/\/)?(www\.)?([a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|ca|fr|be|ch|us|co|io|biz|info))(\/[\w/-]*)?\b/gi, (_match, www: string | undefined, domain: string, path: string | undefined) => {
        const spoken = `${www ? `w w w ${dot} ` : ''}${spellDots(domain, dot)}`;
        const rest = path && path !== '/' ? ` ${slash} ${path.replace(/^\//, '').split('/').filter(Boolean).join(` ${slash} `)}` : '';
        return spoken + rest;
      });
}

function spellDots(value: string, dot: string): string {
  return value.split('.').filter(Boolean).join(` ${dot} `);
}

interface PhoneWords {
  digit: readonly string[];
  plus: string;
  /** How one group of digits is read (French reads pairs as numbers). */
  group?: (digits: string) => string | undefined;
  /** How the country code after + is read. */
  countryCode?: (digits: string) => string;
}

/**
 * A phone number: an optional +country, then 7 or more digits in groups separated by spaces, dots,
 * dashes or brackets. Read group by group, with a comma after each group for a breath.
 */
const PHONE = /(?<![\w/:.])(\+\s?\d{1,3}[\s.-]?)?(\(\d{1,4}\)[\s.-]?)?\d{1,5}(?:[\s.-]\d{1,5}){1,5}(?![\w/:])|(?<![\w/:.+])\d{10,11}(?![\w/:])/g;

function speakPhoneNumbers(words: PhoneWords): Rule {
  return (text) =>
    text.replace(PHONE, (match) => {
      const digits = match.replace(/\D/g, '');
      if (digits.length < 7 || digits.length > 15) return match;
      const groups = match.trim().split(/[\s.()-]+/).filter(Boolean);
      // Not phone numbers: a date (12.05.2024), a range of years (2019-2024), an amount written
      // with thousands separators (1 500 000).
      if (/^\d{1,2}[./]\d{1,2}[./]\d{2,4}$/.test(match.trim())) return match;
      if (groups.length === 2 && groups.every((group) => /^(?:19|20)\d\d$/.test(group))) return match;
      if (groups.length <= 3 && /^\d{1,3}$/.test(groups[0] ?? '') && groups.slice(1).every((group) => group.length === 3)) return match;
      const spoken = groups.map((group) => {
        if (group.startsWith('+')) return `${words.plus} ${words.countryCode?.(group.slice(1)) ?? speakDigits(group.slice(1), words)}`;
        return words.group?.(group) ?? speakDigits(group, words);
      });
      return ` ${spoken.join(', ')},`;
    });
}

function speakDigits(digits: string, words: PhoneWords): string {
  return [...digits].map((digit) => words.digit[Number(digit)] ?? digit).join(' ');
}

/**
 * Whole-word replacements. `sentenceEnd` says when a consumed dot also ended the sentence: before a
 * capital ("Elm Rd. We open"), only at the very end (French street types come before a name), or
 * never (titles such as "Mr." always come before a name).
 */
function replaceWords(map: Record<string, string>, flags = 'g', sentenceEnd: 'capital' | 'end' | 'never' = 'capital'): Rule {
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
function keepSentenceEnd(match: string, offset: number, whole: string, spoken: string): string {
  if (!match.endsWith('.')) return spoken;
  const after = whole.slice(offset + match.length);
  return /^\s*(?:$|["')]?\s*$|\p{Lu})/u.test(after) ? `${spoken}.` : spoken;
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// ---------------------------------------------------------------- English

const englishDigits = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'] as const;

const englishDays: Record<string, string> = {
  mon: 'Monday',
  monday: 'Monday',
  tue: 'Tuesday',
  tues: 'Tuesday',
  tuesday: 'Tuesday',
  wed: 'Wednesday',
  wednesday: 'Wednesday',
  thu: 'Thursday',
  thur: 'Thursday',
  thurs: 'Thursday',
  thursday: 'Thursday',
  fri: 'Friday',
  friday: 'Friday',
  sat: 'Saturday',
  saturday: 'Saturday',
  sun: 'Sunday',
  sunday: 'Sunday',
};

const DAY_EN = '(Mon(?:day)?|Tue(?:s(?:day)?)?|Wed(?:nesday)?|Thu(?:r(?:s(?:day)?)?)?|Fri(?:day)?|Sat(?:urday)?|Sun(?:day)?)\\.?';
const TIME_EN = '(\\d{1,2})(?::(\\d{2}))?\\s*([ap])\\.?\\s?m\\b\\.?';
const CLOCK_24 = '([01]?\\d|2[0-3]):([0-5]\\d)(?!\\s*[ap]\\.?\\s?m)';

function englishTime(hourText: string, minutes: string | undefined, half: string | undefined): string {
  let hour = Number(hourText);
  let suffix = half ? (half.toLowerCase() === 'a' ? 'ay em' : 'pee em') : '';
  if (!half) {
    // A 24-hour clock reads as a 12-hour one with its half of the day.
    suffix = hour >= 12 ? 'pee em' : 'ay em';
    hour = hour % 12 === 0 ? 12 : hour % 12;
    if (Number(hourText) === 12 && (minutes === undefined || minutes === '00')) return 'noon';
    if (Number(hourText) === 0 && (minutes === undefined || minutes === '00')) return 'midnight';
  }
  const minute = minutes === undefined || minutes === '00' ? '' : Number(minutes) < 10 ? ` oh ${Number(minutes)}` : ` ${Number(minutes)}`;
  return `${hour}${minute} ${suffix}`;
}

const english: Rule[] = [
  speakAddresses('at', 'dot', 'slash'),
  (text) => text.replace(/\b24\s*\/\s*7(?:\s*\/\s*365)?\b/g, (match) => (match.includes('365') ? 'twenty-four seven, all year' : 'twenty-four seven')),
  // Extensions before phone numbers, so "ext. 12" is not glued to the number.
  (text) => text.replace(/\b(?:ext\.?|extension|x)\s?(\d{1,5})\b/gi, (_match, digits: string) => `extension ${speakDigits(digits, { digit: englishDigits, plus: 'plus' })}`),
  // Times and ranges of times: "8am-5pm", "8:30 a.m. to 5 p.m.", "17:00-19:30".
  (text) =>
    text.replace(new RegExp(`${TIME_EN}${DASH}${TIME_EN}`, 'gi'), (match: string, h1: string, m1: string | undefined, a1: string, h2: string, m2: string | undefined, a2: string, offset: number, whole: string) =>
      keepSentenceEnd(match, offset, whole, `${englishTime(h1, m1, a1)} to ${englishTime(h2, m2, a2)}`),
    ),
  (text) =>
    text.replace(new RegExp(`(\\d{1,2})(?::(\\d{2}))?${DASH}${TIME_EN}`, 'gi'), (match: string, h1: string, m1: string | undefined, h2: string, m2: string | undefined, a2: string, offset: number, whole: string) =>
      keepSentenceEnd(match, offset, whole, `${englishTime(h1, m1, a2)} to ${englishTime(h2, m2, a2)}`),
    ),
  (text) => text.replace(new RegExp(`${CLOCK_24}${DASH}${CLOCK_24}`, 'g'), (_m, h1: string, m1: string, h2: string, m2: string) => `${englishTime(h1, m1, undefined)} to ${englishTime(h2, m2, undefined)}`),
  (text) =>
    text.replace(new RegExp(TIME_EN, 'gi'), (match: string, h: string, m: string | undefined, a: string, offset: number, whole: string) =>
      keepSentenceEnd(match, offset, whole, englishTime(h, m, a)),
    ),
  (text) => text.replace(new RegExp(`\\b${CLOCK_24}\\b`, 'g'), (_m, h: string, m: string) => englishTime(h, m, undefined)),
  // Days: ranges first ("Mon–Fri", "Mon-Sat"), then abbreviations that cannot be ordinary words.
  (text) => text.replace(new RegExp(`\\b${DAY_EN}${DASH}${DAY_EN}(?![a-z])`, 'gi'), (_m, d1: string, d2: string) => `${englishDays[d1.toLowerCase()] ?? d1} to ${englishDays[d2.toLowerCase()] ?? d2}`),
  (text) => text.replace(/\b(Mon|Tue|Tues|Wed|Thu|Thur|Thurs|Fri)\b\.?/g, (_m, day: string) => englishDays[day.toLowerCase()] ?? day),
  (text) => text.replace(/\b(Sat|Sun)\.(?=\s|$)|\b(Sat|Sun)\b(?=\s*(?:\d|,|&|and\b))/g, (match) => englishDays[match.replace('.', '').toLowerCase()] ?? match),
  speakPhoneNumbers({
    digit: englishDigits,
    plus: 'plus',
    // Toll-free prefixes are said as words: "one eight hundred".
    group: (digits) => (digits === '800' ? 'eight hundred' : undefined),
  }),
  // Street and business abbreviations. "St." is Saint before a name that is not itself after a
  // name ("St. Louis"), and Street after one ("Main St.").
  (text) => text.replace(/(^|[^\p{L}])St\.?(?=\s+\p{Lu})/gu, (match, before: string, offset: number, whole: string) => (/\p{Lu}\p{L}*\s*$/u.test(whole.slice(0, offset + before.length)) ? `${before}Street` : `${before}Saint`)),
  (text) => text.replace(/\bDr\.?(?=\s+\p{Lu})/gu, (match, offset: number, whole: string) => (/\p{Lu}\p{L}*\s*$/u.test(whole.slice(0, offset)) ? 'Drive' : 'Doctor')),
  replaceWords({
    'St.': 'Street',
    St: 'Street',
    'Ave.': 'Avenue',
    Ave: 'Avenue',
    'Rd.': 'Road',
    Rd: 'Road',
    'Blvd.': 'Boulevard',
    Blvd: 'Boulevard',
    'Dr.': 'Drive',
    'Ln.': 'Lane',
    'Ct.': 'Court',
    'Hwy.': 'Highway',
    Hwy: 'Highway',
    'Pkwy.': 'Parkway',
    Pkwy: 'Parkway',
    'Ste.': 'Suite',
    'Apt.': 'Apartment',
    'Bldg.': 'Building',
    'Inc.': 'Inc',
    'Ltd.': 'Limited',
    'Co.': 'Company',
    'Bros.': 'Brothers',
    LLC: 'L L C',
    HVAC: 'H-vac',
    'A/C': 'A C',
    'w/': 'with',
    'approx.': 'approximately',
    'est.': 'estimate',
    'e.g.': 'for example',
    'i.e.': 'that is',
    'etc.': 'et cetera',
    'vs.': 'versus',
    'Jan.': 'January',
    'Feb.': 'February',
    'Mar.': 'March',
    'Apr.': 'April',
    'Aug.': 'August',
    'Sept.': 'September',
    'Sep.': 'September',
    'Oct.': 'October',
    'Nov.': 'November',
    'Dec.': 'December',
  }),
  replaceWords({ 'Mr.': 'Mister', 'Mrs.': 'Missus', 'Ms.': 'Miz' }, 'g', 'never'),
  (text) => text.replace(/#\s?(\d+)/g, 'number $1').replace(/\bNo\.\s?(\d+)/g, 'number $1'),
  (text) => text.replace(/\$\s?(\d[\d,]*(?:\.\d{2})?)(\s?[kK]\b)?/g, (_m, amount: string, thousands: string | undefined) => `${amount}${thousands ? ' thousand' : ''} dollars`),
  (text) => text.replace(/(\d)\s?%/g, '$1 percent').replace(/\s&\s/g, ' and '),
];

// ---------------------------------------------------------------- French

const frenchDigits = ['zéro', 'un', 'deux', 'trois', 'quatre', 'cinq', 'six', 'sept', 'huit', 'neuf'] as const;

const frenchDays: Record<string, string> = {
  lun: 'lundi',
  mar: 'mardi',
  mer: 'mercredi',
  jeu: 'jeudi',
  ven: 'vendredi',
  sam: 'samedi',
  dim: 'dimanche',
  lundi: 'lundi',
  mardi: 'mardi',
  mercredi: 'mercredi',
  jeudi: 'jeudi',
  vendredi: 'vendredi',
  samedi: 'samedi',
  dimanche: 'dimanche',
};

const DAY_FR = '(lun(?:di)?|mar(?:di)?|mer(?:credi)?|jeu(?:di)?|ven(?:dredi)?|sam(?:edi)?|dim(?:anche)?)\\.?';
const TIME_FR = '([01]?\\d|2[0-3])\\s?(?:h|H|:)\\s?([0-5]\\d)?(?![\\p{L}\\d])';

function frenchTime(hour: string, minutes: string | undefined): string {
  const h = Number(hour);
  const base = h === 12 && !minutes ? 'midi' : h === 0 && !minutes ? 'minuit' : `${h} heure${h > 1 ? 's' : ''}`;
  return minutes && minutes !== '00' ? `${base} ${Number(minutes)}` : base;
}

/** French reads a phone number in pairs, as numbers: "01 23 45" is "zéro un, vingt-trois, quarante-cinq". */
function frenchPair(digits: string): string | undefined {
  if (digits.length !== 2) return undefined;
  return digits.startsWith('0') ? `zéro ${frenchDigits[Number(digits[1])]}` : digits;
}

const french: Rule[] = [
  speakAddresses('arobase', 'point', 'barre oblique'),
  (text) => text.replace(/\b24\s?h?\s?\/\s?24\b/gi, 'vingt-quatre heures sur vingt-quatre').replace(/\b7\s?j?\s?\/\s?7\b/gi, 'sept jours sur sept'),
  (text) => text.replace(/\b24\s*\/\s*7\b/g, 'vingt-quatre heures sur vingt-quatre, sept jours sur sept'),
  (text) => text.replace(/\bposte\s?(\d{1,5})\b/gi, (_m, digits: string) => `poste ${speakDigits(digits, { digit: frenchDigits, plus: 'plus' })}`),
  // Hours: "8h–17h", "8h30-12h", "de 9 h à 18 h", "17:30".
  (text) =>
    text.replace(new RegExp(`(\\bde\\s+)?${TIME_FR}${DASH}${TIME_FR}`, 'giu'), (_m, de: string | undefined, h1: string, m1: string | undefined, h2: string, m2: string | undefined) =>
      `${de ?? 'de '}${frenchTime(h1, m1)} à ${frenchTime(h2, m2)}`,
    ),
  (text) => text.replace(new RegExp(`(?<![\\d,.])${TIME_FR}`, 'gu'), (_m, h: string, m: string | undefined) => frenchTime(h, m)),
  // Days: "lun–ven", "lun. au ven.", "du lun au sam".
  (text) =>
    text.replace(new RegExp(`(\\bdu\\s+)?\\b${DAY_FR}${DASH}${DAY_FR}(?![\\p{L}])`, 'giu'), (_m, du: string | undefined, d1: string, d2: string) =>
      `${du ?? 'du '}${frenchDays[d1.toLowerCase()] ?? d1} au ${frenchDays[d2.toLowerCase()] ?? d2}`,
    ),
  (text) => text.replace(/\b(lun|mar|mer|jeu|ven|sam|dim)\.(?=\s|,|$)/giu, (match) => frenchDays[match.replace('.', '').toLowerCase()] ?? match),
  speakPhoneNumbers({ digit: frenchDigits, plus: 'plus', group: frenchPair, countryCode: (digits) => String(Number(digits)) }),
  (text) => text.replace(/\bSt(e?)[-\s](?=\p{Lu})/gu, (_m, e: string) => (e ? 'Sainte-' : 'Saint-')),
  (text) => text.replace(/\bM\.(?=\s+\p{Lu})/gu, 'Monsieur'),
  replaceWords({
    'av.': 'avenue',
    'bd.': 'boulevard',
    bd: 'boulevard',
    'boul.': 'boulevard',
    'ch.': 'chemin',
    'imp.': 'impasse',
    'rte.': 'route',
    'pl.': 'place',
    Mme: 'Madame',
    Mlle: 'Mademoiselle',
    'tél.': 'téléphone',
    'tél': 'téléphone',
    'tel.': 'téléphone',
    'ex.': 'par exemple',
    'env.': 'environ',
    'etc.': 'et cetera',
    SARL: 'S A R L',
    SAS: 'S A S',
    'Cie': 'compagnie',
    'Sté': 'société',
    'dépt.': 'département',
    'janv.': 'janvier',
    'févr.': 'février',
    'avr.': 'avril',
    'juil.': 'juillet',
    'oct.': 'octobre',
    'nov.': 'novembre',
    'déc.': 'décembre',
  }, 'gi', 'end'),
  (text) => text.replace(/\b(?:n°|no\.?)\s?(\d+)/gi, 'numéro $1').replace(/#\s?(\d+)/g, 'numéro $1'),
  (text) => text.replace(/(\d[\d\s]*(?:,\d{2})?)\s?€/g, '$1 euros').replace(/€\s?(\d[\d\s]*(?:,\d{2})?)/g, '$1 euros'),
  (text) => text.replace(/(\d)\s?%/g, '$1 pour cent').replace(/\s&\s/g, ' et '),
];
