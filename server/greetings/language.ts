import type { GreetingLanguage } from '../../core/contracts/greetings';

const frenchWords = new Set([
  'le', 'la', 'les', 'un', 'une', 'des', 'du', 'de', 'et', 'est', 'vous', 'nous', 'votre', 'vos', 'notre', 'nos', 'pour',
  'avec', 'bonjour', 'merci', 'au', 'aux', 'sur', 'dans', 'pas', 'ne', 'que', 'qui', 'chez', 'êtes', 'sommes', 'rappellerons',
  'message', 'laissez', 'heures', 'bientôt', 'projet', 'numéro',
]);
const englishWords = new Set([
  'the', 'a', 'an', 'and', 'is', 'you', 'we', 'your', 'our', 'for', 'with', 'hello', 'hi', 'thanks', 'thank', 'to', 'on', 'in',
  'not', 'that', 'who', 'are', "you've", "we're", 'call', 'back', 'please', 'leave', 'message', 'hours', 'soon', 'project',
]);

/**
 * Guesses en or fr from the words of a script, for callers of `GET /greetings` that do not say
 * (the SPEC's call has only text and voice). Accented letters count towards French.
 */
export function detectLanguage(text: string): GreetingLanguage {
  // "Est. 1998" (established) is English, not the French "est".
  const words = text.replace(/\b[Ee]st\.?\s*(?=(?:18|19|20)\d\d\b)/g, ' ').toLowerCase().match(/[\p{L}']+/gu) ?? [];
  let french = 0;
  let english = 0;
  for (const word of words) {
    if (frenchWords.has(word)) french += 1;
    if (englishWords.has(word)) english += 1;
  }
  french += (text.match(/[éèêàùçôîœ]/gi) ?? []).length * 0.5;
  return french > english ? 'fr' : 'en';
}
