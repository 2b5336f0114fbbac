import type { GreetingLanguage, VoiceName } from '../../core/contracts/greetings';

const capitalised = (voice: VoiceName) => voice.charAt(0).toUpperCase() + voice.slice(1);

/**
 * What each voice says as its example: a short greeting of the kind the page makes, with the
 * voice introducing itself so visitors hear the name they picked.
 */
export function sampleScript(voice: VoiceName, lang: GreetingLanguage): string {
  const name = capitalised(voice);
  return lang === 'fr'
    ? `Bonjour, ici ${name}. Merci d'avoir appelé Rénovations Sommet. Nous sommes sur un chantier : laissez votre nom et votre numéro, et nous vous rappelons aujourd'hui même.`
    : `Hi, this is ${name}. Thanks for calling Summit Builders. We're out on a job site right now, so leave your name and number and we'll call you back today.`;
}
