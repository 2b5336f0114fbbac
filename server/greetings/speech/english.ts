import { cardinal, digits, houseNumber, ordinal, spokenInteger, writtenNumber, year } from './numbers';
import { speakPhoneNumbers } from './phones';
import { keepSentenceEnd, replaceWords, speakAddresses, speakCodes, speakLongDigitRuns, speakNumbersWithLetter, type Rule } from './rules';

const days: Record<string, string> = {
  m: 'Monday', mon: 'Monday', monday: 'Monday', tue: 'Tuesday', tues: 'Tuesday', tuesday: 'Tuesday', wed: 'Wednesday', wednesday: 'Wednesday',
  thu: 'Thursday', thur: 'Thursday', thurs: 'Thursday', thursday: 'Thursday', f: 'Friday', fri: 'Friday', friday: 'Friday',
  sat: 'Saturday', saturday: 'Saturday', sun: 'Sunday', sunday: 'Sunday',
};
const months: Record<string, string> = {
  jan: 'January', feb: 'February', mar: 'March', apr: 'April', may: 'May', jun: 'June', jul: 'July', aug: 'August', sep: 'September', sept: 'September', oct: 'October', nov: 'November', dec: 'December',
};

const DAY = String.raw`(Mon(?:day)?|Tue(?:s(?:day)?)?|Wed(?:nesday)?|Thu(?:r(?:s(?:day)?)?)?|Fri(?:day)?|Sat(?:urday)?|Sun(?:day)?)\.?`;
const DASH = String.raw`\s*(?:-|\u2013|\u2014|to|through|thru)\s*`;
/** "5:30 pm", "8am", "9 a.m." */
const TIME = String.raw`(\d{1,2})(?::([0-5]\d))?\s*([ap])\.?\s?m\b\.?`;
const CLOCK = String.raw`([01]?\d|2[0-3]):([0-5]\d)`;
const MONTH = String.raw`(Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sept?(?:ember)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\.?`;
const STREET_TYPES = 'St|Street|Ave|Avenue|Rd|Road|Blvd|Boulevard|Dr|Drive|Ln|Lane|Ct|Court|Way|Pl|Place|Pkwy|Parkway|Hwy|Highway|Cir|Circle|Ter|Terrace|Trail|Sq|Square';

function minutesOf(minutes: number): string {
  return minutes < 10 ? `oh ${cardinal(minutes, 'en')}` : cardinal(minutes, 'en');
}

/** A time as said aloud: "five thirty p.m.", "nine oh five a.m.", "noon". `half` is a or p when known. */
function clock(hourText: string, minuteText: string | undefined, half: string | undefined): string {
  let hour = Number(hourText);
  const minutes = Number(minuteText ?? 0);
  let suffix = half ? `${half.toLowerCase()}.m.` : '';
  if (!half && (hour > 12 || hour === 0)) {
    // A 24-hour clock reads as a 12-hour one with its half of the day.
    suffix = hour >= 12 ? 'p.m.' : 'a.m.';
  }
  if (minutes === 0 && hour === 12 && suffix !== 'a.m.') return 'noon';
  if (minutes === 0 && (hour === 0 || (hour === 12 && suffix === 'a.m.'))) return 'midnight';
  if (hour > 12) hour -= 12;
  if (hour === 0) hour = 12;
  return [cardinal(hour, 'en'), minutes ? minutesOf(minutes) : '', suffix].filter(Boolean).join(' ');
}

/** "between 8 and 5", not "between 8 to 5". */
function rangeWord(whole: string, offset: number): string {
  return /\bbetween\s+$/i.test(whole.slice(0, offset)) ? 'and' : 'to';
}

/** "8–5pm": the first time takes the other half of the day when it is later on the clock. */
function firstHalf(hour: string, lastHour: string, lastHalf: string): string {
  const h1 = Number(hour) % 12;
  const h2 = Number(lastHour) % 12;
  return lastHalf.toLowerCase() === 'p' && h1 > h2 ? 'a' : lastHalf;
}

function money(amount: string, multiplier: string | undefined, unit: 'dollar' | 'euro' | 'pound'): string {
  const [whole = '0', fraction] = amount.replace(/,/g, '').split('.');
  const scale = multiplier ? { k: 'thousand', m: 'million', b: 'billion' }[multiplier.charAt(0).toLowerCase() as 'k' | 'm' | 'b'] : undefined;
  if (scale) return `${writtenNumber(amount, 'en')} ${scale} ${unit}s`;
  const units = Number(whole);
  const cents = fraction === undefined ? 0 : Number(fraction.padEnd(2, '0').slice(0, 2));
  const major = `${spokenInteger(whole, 'en')} ${unit}${units === 1 ? '' : 's'}`;
  const minorName = unit === 'pound' ? 'pence' : `cent${cents === 1 ? '' : 's'}`;
  if (cents === 0) return major;
  if (units === 0) return `${cardinal(cents, 'en')} ${minorName}`;
  return `${major} and ${cardinal(cents, 'en')} ${minorName}`;
}

const per: Record<string, string> = { hr: 'an hour', hour: 'an hour', h: 'an hour', mo: 'a month', month: 'a month', yr: 'a year', year: 'a year', day: 'a day', week: 'a week', wk: 'a week', visit: 'a visit', 'sq ft': 'a square foot', sqft: 'a square foot' };

const units: Record<string, [string, string]> = {
  'sq ft': ['square foot', 'square feet'], sqft: ['square foot', 'square feet'], ft: ['foot', 'feet'], mi: ['mile', 'miles'],
  hr: ['hour', 'hours'], hrs: ['hour', 'hours'], min: ['minute', 'minutes'], mins: ['minute', 'minutes'], yr: ['year', 'years'], yrs: ['year', 'years'], lb: ['pound', 'pounds'], lbs: ['pound', 'pounds'],
};

/** Words that announce a code to key in: what follows is read digit by digit ("gate code 3975" → "three nine seven five"). */
const CODE_WORDS = ['code', 'PIN', 'passcode', 'reference', 'ref.', 'reference number', 'confirmation number', 'order number', 'account number'];

/** English rules, in order: each one sees what the ones before it left. */
export const englishRules: Rule[] = [
  speakLongDigitRuns('en'),
  speakAddresses({ at: 'at', dot: 'dot', slash: 'slash', dash: 'dash', underscore: 'underscore', wordDomains: new Set(['com', 'net', 'org', 'biz', 'info', 'pro', 'app', 'dev', 'shop', 'store', 'online', 'site']) }),
  (text) => text.replace(/\b24\s*\/\s*7(?:\s*\/\s*365)?\b/g, (match) => (match.includes('365') ? 'twenty-four seven, all year round' : 'twenty-four seven')),
  (text) => text.replace(/\b24\s*hrs?\b\.?/gi, (match: string, offset: number, whole: string) => keepSentenceEnd(match, offset, whole, 'twenty-four hours')),
  speakCodes(CODE_WORDS, 'en'),
  // Extensions before phone numbers, so "ext. 12" is not glued to the number.
  (text) => text.replace(/(?:\b(?:ext|extension)\.?|(?<=\d\s?)x)\s?(\d{1,6})\b/gi, (_match, number: string) => `extension ${digits(number, 'en')}`),
  speakPhoneNumbers('en'),
  // Days: ranges first ("Mon–Fri", "M-F"), a breath before the hours that follow, then lone abbreviations.
  (text) =>
    text.replace(new RegExp(`\\b(?:${DAY}${DASH}${DAY}|\\b(M)-(F)\\b)(?![a-z])(\\s+(?=\\p{L}*\\s*\\d|eight|nine|ten|seven|six|noon))?`, 'giu'), (match: string, d1: string | undefined, d2: string | undefined, m: string | undefined, f: string | undefined, before: string | undefined, offset: number, whole: string) => {
      const first = days[(d1 ?? m ?? '').toLowerCase()] ?? d1;
      const last = days[(d2 ?? f ?? '').toLowerCase()] ?? d2;
      // "Monday to Friday. Call us.": the day's optional dot may be the sentence's full stop.
      return before ? `${first} to ${last}, ` : keepSentenceEnd(match, offset, whole, `${first} to ${last}`);
    }),
  (text) => text.replace(/\b(Mon|Tue|Tues|Wed|Thu|Thur|Thurs|Fri)\b\.?/g, (match: string, day: string, offset: number, whole: string) => keepSentenceEnd(match, offset, whole, days[day.toLowerCase()] ?? day)),
  (text) =>
    text.replace(/\b(Sat|Sun)\.(?=\s|$)|\b(Sat|Sun)\b(?=\s*(?:\d|,|&|\/|and\b|or\b))/g, (match: string, _dotted: string | undefined, _bare: string | undefined, offset: number, whole: string) =>
      keepSentenceEnd(match, offset, whole, days[match.replace('.', '').toLowerCase()] ?? match),
    ),
  (text) => text.replace(/\b(Saturday|Sunday|Monday|Friday)\s*\/\s*(Saturday|Sunday)\b/g, '$1 and $2'),
  // Times and ranges: "8am–6pm", "8:30 a.m. to 5 p.m.", "8-5pm", "17:00-19:30".
  (text) =>
    text.replace(new RegExp(`${TIME}${DASH}${TIME}`, 'gi'), (match: string, h1: string, m1: string | undefined, a1: string, h2: string, m2: string | undefined, a2: string, offset: number, whole: string) =>
      keepSentenceEnd(match, offset, whole, `${clock(h1, m1, a1)} ${rangeWord(whole, offset)} ${clock(h2, m2, a2)}`),
    ),
  (text) =>
    text.replace(new RegExp(`(?<![\\d:])(\\d{1,2})(?::([0-5]\\d))?${DASH}${TIME}`, 'gi'), (match: string, h1: string, m1: string | undefined, h2: string, m2: string | undefined, a2: string, offset: number, whole: string) =>
      keepSentenceEnd(match, offset, whole, `${clock(h1, m1, firstHalf(h1, h2, a2))} ${rangeWord(whole, offset)} ${clock(h2, m2, a2)}`),
    ),
  (text) =>
    text.replace(new RegExp(`\\b${CLOCK}${DASH}${CLOCK}\\b`, 'g'), (_m, h1: string, m1: string, h2: string, m2: string, offset: number, whole: string) => {
      // A 24-hour range ("08:00-20:00") says both halves of the day; "9:00-5:00" says neither.
      const twentyFour = Number(h1) > 12 || Number(h2) > 12 || h1.startsWith('0');
      const half = (hour: string) => (twentyFour ? (Number(hour) >= 12 ? 'p' : 'a') : undefined);
      return `${clock(h1, m1, half(h1))} ${rangeWord(whole, offset)} ${clock(h2, m2, half(h2))}`;
    }),
  (text) => text.replace(new RegExp(`\\b${TIME}`, 'gi'), (match: string, h: string, m: string | undefined, a: string, offset: number, whole: string) => keepSentenceEnd(match, offset, whole, clock(h, m, a))),
  (text) => text.replace(new RegExp(`\\b${CLOCK}\\b`, 'g'), (_m, h: string, m: string) => clock(h, m, undefined)),
  // Years: "Est. 1998", "since 2009", "2019–2024".
  (text) => text.replace(/\b([Ee])st(?:\.|\b|d\.?)\s*((?:18|19|20)\d\d)\b/g, (_m, e: string, value: string) => `${e === 'E' ? 'E' : 'e'}stablished ${year(Number(value), 'en')}`),
  (text) => text.replace(/\b((?:19|20)\d\d)\s*[-\u2013\u2014]\s*((?:19|20)\d\d)\b/g, (_m, a: string, b: string) => `${year(Number(a), 'en')} to ${year(Number(b), 'en')}`),
  (text) =>
    text.replace(/\b(since|in|from|established|founded|until|by|of|©)\s+((?:18|19|20)\d\d)\b(?![,.]\d)/gi, (_m, word: string, value: string) => `${word} ${year(Number(value), 'en')}`),
  (text) => text.replace(/©\s*/g, 'copyright '),
  // Prices: "$49.99", "$5,000", "$10k", "$1.5M", "$99/month", "£20".
  (text) =>
    text.replace(/([$€£])\s?(\d[\d,]*(?:\.\d+)?)(?:\s?([kKmMbB])(?![\p{L}]))?(?:\s?(?:\/|per\s|a\s)\s?(hr|hour|h|mo|month|yr|year|day|week|wk|visit|sq\.?\s?ft|sqft)\b)?/gu, (_m, sign: string, amount: string, multiplier: string | undefined, rate: string | undefined) => {
      const unit = sign === '$' ? 'dollar' : sign === '€' ? 'euro' : 'pound';
      const spoken = money(amount, multiplier, unit);
      return rate ? `${spoken} ${per[rate.replace(/\.\s?/, ' ').replace(/\s+/, ' ').toLowerCase()] ?? `per ${rate}`}` : spoken;
    }),
  (text) => text.replace(/(\d)\s?%/g, '$1 percent'),
  // Dates: "Jan. 5", "March 1" → "January fifth", "March first".
  (text) =>
    text.replace(new RegExp(`\\b${MONTH}\\s+(\\d{1,2})(?:st|nd|rd|th)?\\b(?![:\\d])`, 'g'), (_m, month: string, day: string) => `${months[month.slice(0, month.startsWith('Sept') ? 4 : 3).toLowerCase()] ?? month} ${ordinal(Number(day), 'en')}`),
  (text) => text.replace(/\b(\d+)(?:st|nd|rd|th)\b/gi, (_m, value: string) => ordinal(Number(value), 'en')),
  // Addresses: "123 N. Main St." → "one twenty-three North Main Street".
  (text) =>
    text.replace(/(\d\s+)(N|S|E|W|NE|NW|SE|SW)\.?(?=\s+\p{Lu})/gu, (_m, before: string, point: string) =>
      `${before}${{ N: 'North', S: 'South', E: 'East', W: 'West', NE: 'Northeast', NW: 'Northwest', SE: 'Southeast', SW: 'Southwest' }[point] ?? point}`,
    ),
  (text) =>
    text.replace(new RegExp(`(?<![\\d,.$])\\b(\\d{3,4})(?=\\s+(?:\\p{Lu}[\\p{L}'-]*\\.?\\s+){1,3}(?:${STREET_TYPES})\\b)`, 'gu'), (_m, value: string) => houseNumber(Number(value))),
  // "St." is Saint before a name that is not itself after a name ("St. Louis"), and Street after one ("Main St.").
  // After a name it is a street type, whose dot may also end the sentence ("on Main St. Call us").
  (text) =>
    text.replace(/(^|[^\p{L}])St\.?(?=\s+\p{Lu})/gu, (match: string, before: string, offset: number, whole: string) =>
      /\p{Lu}\p{L}*\s*$/u.test(whole.slice(0, offset + before.length)) ? keepSentenceEnd(match, offset, whole, `${before}Street`) : `${before}Saint`,
    ),
  (text) => text.replace(/\bDr\.?(?=\s+\p{Lu})/gu, (match: string, offset: number, whole: string) => (/\p{Lu}\p{L}*\s*$/u.test(whole.slice(0, offset)) ? keepSentenceEnd(match, offset, whole, 'Drive') : 'Doctor')),
  replaceWords({
    'St.': 'Street', St: 'Street', 'Ave.': 'Avenue', Ave: 'Avenue', 'Rd.': 'Road', Rd: 'Road', 'Blvd.': 'Boulevard', Blvd: 'Boulevard', 'Dr.': 'Drive',
    'Ln.': 'Lane', 'Ct.': 'Court', 'Hwy.': 'Highway', Hwy: 'Highway', 'Pkwy.': 'Parkway', Pkwy: 'Parkway', 'Cir.': 'Circle', 'Sq.': 'Square',
    'Ste.': 'Suite', Ste: 'Suite', 'Apt.': 'Apartment', 'Bldg.': 'Building', 'Fl.': 'Floor', 'Rm.': 'Room', 'Dept.': 'Department', 'P.O. Box': 'P O Box', 'PO Box': 'P O Box',
    LLC: 'L L C',
    HVAC: 'H-vac', 'A/C': 'A C', 'w/': 'with', 'approx.': 'approximately', 'est.': 'estimate', 'ests.': 'estimates', 'e.g.': 'for example', 'i.e.': 'that is',
    'etc.': 'et cetera', 'vs.': 'versus', 'appt.': 'appointment', 'appts.': 'appointments', 'info.': 'information', 'tel.': 'telephone', 'Tel.': 'Telephone', 'Tel:': 'Telephone:',
    'Jan.': 'January', 'Feb.': 'February', 'Mar.': 'March', 'Apr.': 'April', 'Aug.': 'August', 'Sept.': 'September', 'Sep.': 'September', 'Oct.': 'October', 'Nov.': 'November', 'Dec.': 'December',
  }),
  // A legal form closes a company's name, so its dot before a capital also ends the sentence ("Smith
  // & Co. Established 1998.", #37.6); "Acme Co. Roofing" would get a pause too, the rarer mistake.
  replaceWords({ 'Inc.': 'Incorporated', Inc: 'Incorporated', 'Corp.': 'Corporation', 'Ltd.': 'Limited', 'Co.': 'Company' }),
  // "Bros." comes after a name, before more of it ("Johnson Bros. Plumbing"): its dot ends a sentence only at the end.
  replaceWords({ 'Bros.': 'Brothers' }, 'g', 'end'),
  replaceWords({ 'Mr.': 'Mister', 'Mrs.': 'Missus', 'Ms.': 'Miz', 'Jr.': 'Junior', 'Sr.': 'Senior' }, 'g', 'never'),
  // ZIP codes digit by digit: "Dallas, TX 75201".
  (text) => text.replace(/\b([A-Z]{2})\s+(\d{5})(?:-(\d{4}))?\b/g, (_m, state: string, zip: string, plus: string | undefined) => `${state} ${digits(zip, 'en')}${plus ? `, ${digits(plus, 'en')}` : ''}`),
  (text) => text.replace(/#\s?(\d+)/g, 'number $1').replace(/\bNo\.\s?(\d+)/g, 'number $1'),
  (text) =>
    text.replace(/(\d+(?:\.\d+)?)\s?(sq\.?\s?ft|sqft|ft|mi|hrs?|mins?|yrs?|lbs?)\b\.?/g, (match: string, value: string, unit: string, offset: number, whole: string) => {
      const names = units[unit.replace(/\.\s?/, ' ').replace(/\s+/, ' ')] ?? [unit, unit];
      return keepSentenceEnd(match, offset, whole, `${value} ${Number(value) === 1 ? names[0] : names[1]}`);
    }),
  (text) => text.replace(/\s&\s/g, ' and ').replace(/(?<=\p{L})&(?=\p{L})/gu, ' and '),
  // Durations in hours: "within 24h", "48h turnaround" (a clock time has its a.m. or its minutes).
  (text) => text.replace(/(?<![\d:.,])(\d{1,3})\s?h\b(?![:\d])/g, (_m, value: string) => `${value} ${Number(value) === 1 ? 'hour' : 'hours'}`),
  // Emergency and short service numbers are said digit by digit: "nine one one", not "nine hundred eleven".
  (text) => text.replace(/(?<![\p{L}\d.,$€£#])(911|999|112|988|000|[2-8]11)(?![\d\p{L}]|[.,]\d)/gu, (_m, value: string) => digits(value, 'en')),
  speakNumbersWithLetter('en'),
  // Ranges of numbers: "3-5 days" → "three to five days".
  (text) => text.replace(/(?<![\d.,])(\d{1,4})\s?[\u2013\u2014-]\s?(\d{1,4})(?![\d.,]\d)/g, '$1 to $2'),
  // Whatever numbers remain: "1,500" → "one thousand five hundred", "2.5" → "two point five".
  (text) => text.replace(/(?<![\p{L}\d.,])(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?(?![\d\p{L}]|[.,]\d)/gu, (match) => writtenNumber(match, 'en')),
];
