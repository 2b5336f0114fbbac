/**
 * `npm run greetings:spoken -- "Open Mon–Fri 8am–5:30pm" [--lang en|fr]`: prints what the greeting
 * engine would say for a script (the same normaliser as `GET /greetings/spoken-text`). Without
 * --lang the language is guessed from the text, as the API does. Reads the script from standard
 * input when none is given.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { findPlaceholders, greetingLanguageSchema } from '../core/contracts/greetings';
import { envSchema } from '../server/config/env';
import { synthesisSeconds } from '../server/greetings/cost-budget';
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
const spoken = normalizeForSpeech(text, lang);
console.log(`[${lang}] ${spoken}`);
// What a greeting of it would cost (docs/greetings.md), against the most this environment allows.
const max = envSchema.shape.GREETINGS_MAX_SPOKEN_CHARACTERS.parse(process.env.GREETINGS_MAX_SPOKEN_CHARACTERS || undefined);
console.error(`${spoken.length.toLocaleString('en-US')} spoken characters, about ${Math.ceil(synthesisSeconds(spoken.length))} s of synthesis; a greeting may have ${max.toLocaleString('en-US')}${spoken.length > max ? ': this one would be refused (GREETING_SPOKEN_TOO_LONG)' : ''}.`);
