import type { GreetingLanguage } from '../../core/contracts/greetings';
import { englishRules } from './speech/english';
import { frenchRules } from './speech/french';

/**
 * Rewrites a greeting script the way a receptionist would read it aloud, before it reaches any
 * engine (ElevenLabs included): times and opening hours, days, phone numbers in their national
 * groups, extensions, 24/7, prices, ordinals, years, addresses and abbreviations, e-mail and web
 * addresses, and every remaining number as words. The rules per language are in ./speech/.
 * `GET /greetings/spoken-text` shows the result.
 */
export function normalizeForSpeech(text: string, lang: GreetingLanguage): string {
  const rules = lang === 'fr' ? frenchRules : englishRules;
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
  return (
    out
      // A dash between words is a pause.
      .replace(/\s[\u2013\u2014-]\s/g, ', ')
      .replace(/\s+([,.!?;:])/g, '$1')
      .replace(/,+([.!?;:,])/g, '$1')
      .replace(/([.!?])\.+/g, '$1')
      .replace(/\s{2,}/g, ' ')
      .replace(/^[,\s]+/, '')
      .replace(/,\s*$/, '.')
      .trim()
      // A rule may have put a lower-case word first ("established 1998"): sentences start with a capital.
      .replace(/(^|(?<!\b[ap]\.m)[.!?]\s+)(\p{Ll})/gu, (_m, before: string, letter: string) => before + letter.toUpperCase())
  );
}
