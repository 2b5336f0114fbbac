import { cardinal, digits, frenchHours, frenchStreetNumber, ordinal, spokenInteger, writtenNumber } from './numbers';
import { speakPhoneNumbers } from './phones';
import { keepSentenceEnd, replaceWords, speakAddresses, speakCodes, speakLongDigitRuns, speakNumbersWithLetter, type Rule } from './rules';

const days: Record<string, string> = {
  lun: 'lundi', mar: 'mardi', mer: 'mercredi', jeu: 'jeudi', ven: 'vendredi', sam: 'samedi', dim: 'dimanche',
  lundi: 'lundi', mardi: 'mardi', mercredi: 'mercredi', jeudi: 'jeudi', vendredi: 'vendredi', samedi: 'samedi', dimanche: 'dimanche',
};

const DAY = String.raw`(lun(?:di)?|mar(?:di)?|mer(?:credi)?|jeu(?:di)?|ven(?:dredi)?|sam(?:edi)?|dim(?:anche)?)\.?`;
const DASH = String.raw`\s*(?:-|\u2013|\u2014|à|au)\s*`;
/** "9h30", "9 h", "18H", "17:30". */
const TIME = String.raw`([01]?\d|2[0-3])\s?(?:h|H|:)(?:\s?([0-5]\d))?(?![\p{L}\d])`;

/** "neuf heures trente", "une heure", "midi", "minuit quinze". */
function time(hourText: string, minuteText: string | undefined): string {
  const hour = Number(hourText);
  const minutes = Number(minuteText ?? 0);
  const base = hour === 12 ? 'midi' : hour === 0 ? 'minuit' : `${frenchHours(hour)} heure${hour > 1 ? 's' : ''}`;
  return minutes ? `${base} ${cardinal(minutes, 'fr')}` : base;
}

/** "49,90" euros → "quarante-neuf euros quatre-vingt-dix"; "0,50" → "cinquante centimes". */
function euros(amount: string): string {
  const [whole = '0', fraction] = amount.replace(/[\s.\u202f\u00a0]/g, '').split(',');
  const units = Number(whole);
  const cents = fraction === undefined ? 0 : Number(fraction.padEnd(2, '0').slice(0, 2));
  if (units === 0 && cents > 0) return `${cardinal(cents, 'fr')} centime${cents > 1 ? 's' : ''}`;
  // "un million d'euros": round millions take "de".
  const major = `${spokenInteger(whole, 'fr')}${units >= 1_000_000 && units % 1_000_000 === 0 ? " d'euros" : ` euro${units > 1 ? 's' : ''}`}`;
  return cents ? `${major} ${cardinal(cents, 'fr')}` : major;
}

const per: Record<string, string> = { mois: 'par mois', an: 'par an', h: "de l'heure", heure: "de l'heure", jour: 'par jour', j: 'par jour', m2: 'le mètre carré', 'm²': 'le mètre carré' };

/** Words that announce a code to key in: what follows is read digit by digit ("code 3975" → "code trois neuf sept cinq"). */
const CODE_WORDS = ['code', "code d'accès", "code d'entrée", 'code de la porte', 'code porte', 'code promo', 'code client', 'digicode', 'interphone', 'référence', 'réf.', 'dossier', 'NIP', 'PIN'];

/** Street types after a civic number ("3975, boulevard …", "12 bis rue …"). */
const STREET_TYPES = "rue|avenue|av\\.|boulevard|bd|boul\\.|chemin|ch\\.|place|pl\\.|impasse|imp\\.|allée|route|rte\\.|quai|cours|montée|rang|côte|square|passage|faubourg|fg\\.|promenade|sentier|voie|rond-point|esplanade|parvis|chaussée|ruelle|cité|résidence|lotissement";

/** French rules, in order: each one sees what the ones before it left. */
export const frenchRules: Rule[] = [
  speakLongDigitRuns('fr'),
  speakAddresses({ at: 'arobase', dot: 'point', slash: 'barre oblique', dash: 'tiret', underscore: 'tiret bas', wordDomains: new Set(['com', 'net', 'org', 'info']) }),
  (text) =>
    text
      .replace(/\b24\s?h?\s?\/\s?24(?:\s*(?:,|et)?\s*7\s?j?\s?\/\s?7)?/gi, (match) => `vingt-quatre heures sur vingt-quatre${/7\s?j?\s?\/\s?7/i.test(match) ? ', sept jours sur sept' : ''}`)
      .replace(/\b7\s?j?\s?\/\s?7\b/gi, 'sept jours sur sept')
      .replace(/\b24\s*\/\s*7\b/g, 'vingt-quatre heures sur vingt-quatre, sept jours sur sept'),
  speakCodes(CODE_WORDS, 'fr'),
  // A civic number before its street is an address, not a quantity: "au 3975, boulevard Saint-Laurent"
  // → "trente-neuf soixante-quinze", "12 bis rue" → "douze bis", "221B rue" → "deux cent vingt et un B".
  (text) =>
    text.replace(new RegExp(`(?<![\\p{L}\\d.,])(\\d{1,5})(?:\\s?(bis|ter|quater)\\b|([A-Da-d])\\b)?(?=\\s*,?\\s+(?:${STREET_TYPES})(?![\\p{L}]))`, 'giu'), (_m, number: string, repeat: string | undefined, letter: string | undefined) =>
      [frenchStreetNumber(number), repeat?.toLowerCase(), letter?.toUpperCase()].filter(Boolean).join(' '),
    ),
  (text) => text.replace(/\bposte\s?(\d{1,6})\b/gi, (_m, number: string) => `poste ${number.length <= 2 ? cardinal(Number(number), 'fr') : [...number].map((digit) => cardinal(Number(digit), 'fr')).join(' ')}`),
  speakPhoneNumbers('fr'),
  // Durations: "sous 24h", "48h", "dans les 2 h" (a time of day is at most 23 h and has no such word before it).
  (text) =>
    text.replace(/(\b(?:sous|dans(?: les)?|en|pendant|durant|moins de|plus de)\s+)?(?<![\d,.:])(\d{1,3})\s?h\b(?!\s?\d|\s?\/)/giu, (match: string, before: string | undefined, value: string) =>
      before || Number(value) >= 24 ? `${before ?? ''}${value === '1' ? 'une heure' : `${value} heures`}` : match,
    ),
  // Hours: "de 8h à 18h", "8h–17h30", "9 h - 12 h", "17:30".
  (text) =>
    text.replace(new RegExp(`(\\bde\\s+)?(?<![\\d,.])${TIME}${DASH}${TIME}`, 'giu'), (_m, de: string | undefined, h1: string, m1: string | undefined, h2: string, m2: string | undefined) =>
      `${de ?? 'de '}${time(h1, m1)} à ${time(h2, m2)}`,
    ),
  (text) => text.replace(new RegExp(`(?<![\\d,.])${TIME}`, 'gu'), (_m, h: string, m: string | undefined) => time(h, m)),
  // Days: "lun–ven", "lun. au ven.", "du lun au sam", with a breath before the hours that follow.
  (text) =>
    text.replace(new RegExp(`(\\bdu\\s+)?\\b${DAY}${DASH}${DAY}(?![\\p{L}])(\\s*,?\\s+(?=de |[\\p{L}-]+ heures?|midi))?`, 'giu'), (match: string, du: string | undefined, d1: string, d2: string, before: string | undefined, offset: number, whole: string) => {
      const range = `${du ?? 'du '}${days[d1.toLowerCase()] ?? d1} au ${days[d2.toLowerCase()] ?? d2}`;
      // "du lundi au vendredi. Appelez-nous": the day's optional dot may be the full stop.
      return before ? `${range}, ` : keepSentenceEnd(match, offset, whole, range);
    }),
  (text) => text.replace(/\b(lun|mar|mer|jeu|ven|sam|dim)\.(?=\s|,|$)/giu, (match: string, _day: string, offset: number, whole: string) => keepSentenceEnd(match, offset, whole, days[match.replace('.', '').toLowerCase()] ?? match)),
  (text) => text.replace(/\s\/\s/g, ', '),
  // Prices: "49,90 €", "1 500 € HT", "€15", "45 €/h".
  (text) =>
    text.replace(/(\d{1,3}(?:[\s\u202f\u00a0.]\d{3})+|\d+)(?:,(\d{1,2}))?\s?(?:€|euros?\b)(?:\s?\/\s?(mois|an|h|heure|jour|j|m2|m²)\b)?/gu, (_m, whole: string, cents: string | undefined, rate: string | undefined) =>
      `${euros(cents ? `${whole},${cents}` : whole)}${rate ? ` ${per[rate] ?? `par ${rate}`}` : ''}`,
    ),
  (text) => text.replace(/€\s?(\d+(?:,\d{1,2})?)/g, (_m, amount: string) => euros(amount)),
  (text) => text.replace(/\bHT\b/g, 'hors taxes').replace(/\bTTC\b/g, 'toutes taxes comprises'),
  (text) => text.replace(/(\d)\s?%/g, '$1 pour cent'),
  // Ordinals: "1er", "1re", "2e", "3ème", "2nd".
  (text) =>
    text.replace(/\b(\d+)\s?(er|re|ère|e|è|ème|eme|nd|nde)(?![\p{L}])/gu, (_m, value: string, suffix: string) => {
      if (suffix === 'nd' || suffix === 'nde') return suffix === 'nd' ? 'second' : 'seconde';
      return ordinal(Number(value), 'fr', suffix === 're' || suffix === 'ère');
    }),
  (text) => text.replace(/\bSt(e?)[-\s](?=\p{Lu})/gu, (_m, e: string) => (e ? 'Sainte-' : 'Saint-')),
  (text) => text.replace(/\bM\.(?=\s+\p{Lu})/gu, 'Monsieur'),
  (text) => text.replace(/\b(?:n°|no\.?|nº)\s?(\d+)/gi, 'numéro $1').replace(/#\s?(\d+)/g, 'numéro $1'),
  (text) => text.replace(/\bBP\s?(\d+)/g, 'boîte postale $1'),
  // Postal codes as they are said: "75009 Paris" → "soixante-quinze, zéro zéro neuf".
  (text) =>
    text.replace(/(?<!\d\s?)\b(\d{2})(\d{3})(?=\s+\p{Lu})/gu, (_m, department: string, rest: string) =>
      `${cardinal(Number(department), 'fr')}, ${rest.startsWith('0') ? digits(rest, 'fr') : cardinal(Number(rest), 'fr')}`,
    ),
  replaceWords(
    {
      'av.': 'avenue', 'bd.': 'boulevard', bd: 'boulevard', 'boul.': 'boulevard', 'ch.': 'chemin', 'imp.': 'impasse', 'rte.': 'route', 'pl.': 'place', 'fg.': 'faubourg',
      Mme: 'Madame', Mmes: 'Mesdames', Mlle: 'Mademoiselle', 'Dr.': 'Docteur', 'Me': 'Maître', 'tél.': 'téléphone', tél: 'téléphone', 'tel.': 'téléphone', 'ex.': 'par exemple',
      'env.': 'environ', 'cf.': 'voir', SARL: 'S A R L', SAS: 'S A S', EURL: 'E U R L', Cie: 'compagnie', 'Sté': 'société', 'Éts': 'établissements',
      'Ets': 'établissements', 'dépt.': 'département', ZI: 'zone industrielle', ZA: "zone d'activités", CEDEX: 'cédex', 'RDV': 'rendez-vous', 'rdv': 'rendez-vous',
      'janv.': 'janvier', 'févr.': 'février', 'avr.': 'avril', 'juil.': 'juillet', 'oct.': 'octobre', 'nov.': 'novembre', 'déc.': 'décembre',
      'min': 'minutes', 'km': 'kilomètres', 'm²': 'mètres carrés', m2: 'mètres carrés',
    },
    'g',
    'end',
  ),
  // Its dot often ends the sentence too ("…, etc. Appelez-nous").
  replaceWords({ 'etc.': 'et cetera' }),
  // Emergency numbers as they are said: "le neuf un un" (Canada); France's 15, 17, 18 and 112 stay numbers ("le quinze", "le cent douze").
  (text) => text.replace(/(?<![\p{L}\d.,€#])911(?![\d\p{L}]|[.,]\d)/gu, () => digits('911', 'fr')),
  (text) => text.replace(/\s&\s/g, ' et ').replace(/(?<=\p{L})&(?=\p{L})/gu, ' et '),
  speakNumbersWithLetter('fr'),
  // Ranges of numbers: "3-5 jours" → "trois à cinq jours".
  (text) => text.replace(/(?<![\d.,])(\d{1,4})\s?[\u2013\u2014-]\s?(\d{1,4})(?![\d.,]\d)/g, '$1 à $2'),
  // Whatever numbers remain: "1 500" → "mille cinq cents", "2,5" → "deux virgule cinq".
  (text) => text.replace(/(?<![\p{L}\d.,])(\d{1,3}(?:[\u202f\u00a0 ]\d{3})+|\d+)(?:,(\d+))?(?![\d\p{L}]|[.,]\d)/gu, (match) => writtenNumber(match, 'fr')),
];
