/**
 * The greeting builder's constants and helpers (voices, languages, limits, error codes, addresses),
 * without zod: the generator page renders with these; greetings-schemas.ts holds the wire schemas.
 */

/** The 17 voices in the order SPEC §3 lists them (the ids the API accepts). */
export const voiceNames = [
  'alice',
  'aria',
  'will',
  'brian',
  'charlie',
  'charlotte',
  'chris',
  'daniel',
  'eric',
  'george',
  'jessica',
  'laura',
  'liam',
  'matilda',
  'river',
  'sarah',
  'bill',
] as const;

export type VoiceName = (typeof voiceNames)[number];

/** SPEC §3's second list: the same names capitalised, in the order the voice menu shows them. */
export const voiceDisplayList = [
  'Aria',
  'Sarah',
  'Laura',
  'Charlie',
  'George',
  'River',
  'Liam',
  'Charlotte',
  'Alice',
  'Matilda',
  'Will',
  'Jessica',
  'Eric',
  'Chris',
  'Brian',
  'Daniel',
  'Bill',
] as const satisfies readonly Capitalize<VoiceName>[];

export const greetingLanguages = ['en', 'fr'] as const;
export type GreetingLanguage = (typeof greetingLanguages)[number];

/**
 * The placeholders of the greeting templates, filled by the page's small form. The tokens are the
 * same in every language (`{company}` in a French script too), so the hint can name them as shown.
 */
/** SPEC §3: how many sample scripts the generator offers (locales/<lng>/voice.json `templates.1`…). */
export const greetingTemplateCount = 41;

export const placeholderNames = ['company', 'name', 'emergency', 'season'] as const;
export type PlaceholderName = (typeof placeholderNames)[number];

/**
 * Any `{word}` left in a script: a template's own placeholder, or one typed or pasted by hand
 * (`{Company}`, `{your name}`). Nothing in braces is ever worth speaking: an engine would say the
 * word itself ("thanks for calling company").
 */
const PLACEHOLDER = /\{\s*([\p{L}\p{N}_][\p{L}\p{N}_ .'’-]{0,39})\s*\}/gu;

/** The `{placeholders}` still in a text, once each, in order, as written. */
export function findPlaceholders(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[0]))];
}

/** Bounds on the spoken text, counted after trimming. */
export const greetingTextLimits = { min: 1, max: 1000 } as const;

/** Stable error codes of the greeting builder (the body is the API's `{ code, message }`). */
export const greetingErrorCodes = {
  textMissing: 'GREETING_TEXT_MISSING',
  textEmpty: 'GREETING_TEXT_EMPTY',
  textTooLong: 'GREETING_TEXT_TOO_LONG',
  /** The text still holds `{placeholders}` (e.g. `{company}`) that nobody filled in. */
  textHasPlaceholders: 'GREETING_TEXT_HAS_PLACEHOLDERS',
  voiceMissing: 'GREETING_VOICE_MISSING',
  voiceUnknown: 'GREETING_VOICE_UNKNOWN',
  languageUnknown: 'GREETING_LANGUAGE_UNKNOWN',
  notFound: 'GREETING_NOT_FOUND',
  synthesisFailed: 'GREETING_SYNTHESIS_FAILED',
  /** Every speech thread is taken and the queue is full (503). */
  busy: 'GREETING_BUSY',
  /** The instance has as much synthesis in the making as it can finish in time (429, Retry-After). */
  capacityReached: 'GREETING_CAPACITY_REACHED',
  /** Requests from one address per minute (429). */
  rateLimited: 'RATE_LIMITED',
  /** Read aloud (numbers as words), the script is longer than one greeting may be (400). */
  spokenTooLong: 'GREETING_SPOKEN_TOO_LONG',
  /** This address already has greetings being made, as much as one address may (429, Retry-After). */
  clientBusy: 'GREETING_CLIENT_BUSY',
  /** This address has made its spoken characters for the hour (429, Retry-After). */
  hourlyBudgetSpent: 'GREETING_HOURLY_BUDGET_SPENT',
  /**
   * The builder is under pressure and a new greeting needs a proof of work first, or the one sent
   * paid less than the price now (429, Retry-After: 0): `GET /greetings/work` gives the challenge.
   */
  proofRequired: 'GREETING_PROOF_REQUIRED',
  /** The proof of work sent is not one: malformed, forged, expired, for another greeting, or already used (400). */
  proofInvalid: 'GREETING_PROOF_INVALID',
} as const;

export type GreetingErrorCode = (typeof greetingErrorCodes)[keyof typeof greetingErrorCodes];

export const audioFormats = ['mp3', 'wav'] as const;
export type AudioFormat = (typeof audioFormats)[number];

/** Bumped when the avatar drawings change, so browsers drop their year-long cached copies. */
export const avatarRevision = 1;

/** Address of a voice's sample, relative to the greeting builder's base URL. */
export function voiceSamplePath(voice: VoiceName, lang: GreetingLanguage): string {
  return `/greetings/voices/${voice}/sample.mp3?lang=${lang}`;
}

/** Address of a voice's drawn avatar, relative to the greeting builder's base URL. */
export function voiceAvatarPath(voice: VoiceName): string {
  return `/greetings/voices/${voice}/avatar.svg?v=${avatarRevision}`;
}

/** The client-side error of SPEC §8 when the builder cannot be reached or answers an error. */
export const greetingFetchErrorMessage = 'Failed to fetch greeting message';

/**
 * Why a greeting was not made, as the page explains it: the builder's limits each have their own
 * message (wait for your greeting, come back in an hour, shorten the script, try again shortly);
 * anything else is SPEC §8's 'There was an error generating your greeting'.
 */
export const greetingFailures = ['failed', 'rateLimited', 'clientBusy', 'hourlyBudgetSpent', 'busy', 'spokenTooLong', 'proofRequired'] as const;
export type GreetingFailure = (typeof greetingFailures)[number];

const failureByCode: Partial<Record<string, GreetingFailure>> = {
  [greetingErrorCodes.rateLimited]: 'rateLimited',
  [greetingErrorCodes.clientBusy]: 'clientBusy',
  [greetingErrorCodes.hourlyBudgetSpent]: 'hourlyBudgetSpent',
  [greetingErrorCodes.busy]: 'busy',
  [greetingErrorCodes.capacityReached]: 'busy',
  [greetingErrorCodes.spokenTooLong]: 'spokenTooLong',
  // Either way the page proves work again (a new challenge) before it asks once more.
  [greetingErrorCodes.proofRequired]: 'proofRequired',
  [greetingErrorCodes.proofInvalid]: 'proofRequired',
};

export function greetingFailureOf(code: string | undefined): GreetingFailure {
  return (code === undefined ? undefined : failureByCode[code]) ?? 'failed';
}

/** The fetch's error: SPEC §8's message, with why and, when the builder said, how long to wait. */
export class GreetingFetchError extends Error {
  override name = 'GreetingFetchError';

  constructor(
    readonly failure: GreetingFailure = 'failed',
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(greetingFetchErrorMessage);
  }
}
