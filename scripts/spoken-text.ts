/**
 * `npm run greetings:spoken -- "Open Mon–Fri 8am–5:30pm" [--lang en|fr]`: prints what the greeting
 * engine would say for a script (the same normaliser as `GET /greetings/spoken-text`). Without
 * --lang the language is guessed from the text, as the API does. Reads the script from standard
 * input when none is given.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { findPlaceholders, greetingLanguageSchema } from '../src/contracts/greetings';
import { detectLanguage } from '../server/greetings/language';
import { normalizeForSpeech } from '../server/greetings/normalize';

const { values, positionals } = parseArgs({ options: { lang: { type: 'string' } }, allowPositionals: true });
const text = (positionals.length > 0 ? positionals.join(' ') : readFileSync(0, 'utf8')).trim();
if (!text) {
  console.error('Give a script: npm run greetings:spoken -- "Thanks for calling…" [--lang fr]');
  process.exit(2);
}
const lang = values.lang === undefined ? detectLanguage(text) : greetingLanguageSchema.parse(values.lang);
const left = findPlaceholders(text);
if (left.length > 0) console.error(`Note: ${left.join(', ')} would be refused by the API (placeholders are never spoken).`);
console.log(`[${lang}] ${normalizeForSpeech(text, lang)}`);
