import { voiceDisplayList, type VoiceName } from '../../../core/contracts/greetings';

/** A voice's display name ('Aria'), from its API name ('aria'). */
export const labelOf = (voice: VoiceName) => voiceDisplayList.find((label) => label.toLowerCase() === voice) ?? voice;

/** French elides "de" before a vowel ("l'exemple d'Aria"): the texts have a `_vowel` variant. */
export const voiceContext = (label: string) => (/^[aeiouyàâéèêîïôû]/i.test(label) ? 'vowel' : undefined);
