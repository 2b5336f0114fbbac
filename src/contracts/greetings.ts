import { z } from 'zod';

/**
 * The greeting builder's wire contract, shared by the SPA and the server: `GET /greetings?text&voice`
 * (SPEC §7) and the voice list. One schema per payload; the types come from `z.infer`.
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

export const voiceNameSchema = z.enum(voiceNames);

export const greetingLanguages = ['en', 'fr'] as const;
export type GreetingLanguage = (typeof greetingLanguages)[number];

/**
 * The placeholders of the greeting templates, filled by the page's small form. The tokens are the
 * same in every language (`{company}` in a French script too), so the hint can name them as shown.
 */
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
  busy: 'GREETING_BUSY',
  rateLimited: 'RATE_LIMITED',
} as const;

export type GreetingErrorCode = (typeof greetingErrorCodes)[keyof typeof greetingErrorCodes];

/**
 * The query of `GET /greetings`. `lang` is optional: without it the server guesses en or fr from
 * the text, so the SPEC's two-parameter call keeps working.
 */
/** The script to speak: trimmed, within bounds, something to say, and no unfilled placeholder. */
export const greetingTextSchema = z
  .string({ error: greetingErrorCodes.textMissing })
  .trim()
  .min(greetingTextLimits.min, { error: greetingErrorCodes.textEmpty })
  .max(greetingTextLimits.max, { error: greetingErrorCodes.textTooLong })
  // Something to say: punctuation or emoji alone would make a silent file.
  .refine((text) => /[\p{L}\p{N}]/u.test(text), { error: greetingErrorCodes.textEmpty })
  .refine((text) => findPlaceholders(text).length === 0, { error: greetingErrorCodes.textHasPlaceholders });

export const greetingVoiceSchema = z
  .string({ error: greetingErrorCodes.voiceMissing })
  .trim()
  .toLowerCase()
  .pipe(z.enum(voiceNames, { error: greetingErrorCodes.voiceUnknown }));

export const greetingLanguageSchema = z.enum(greetingLanguages, { error: greetingErrorCodes.languageUnknown });

export const greetingQuerySchema = z.object({
  text: greetingTextSchema,
  voice: greetingVoiceSchema,
  lang: greetingLanguageSchema.optional(),
});

export type GreetingQuery = z.infer<typeof greetingQuerySchema>;

/**
 * The query of `GET /greetings/spoken-text`: what the engine would be given for a script, so a
 * visitor (or the CLI) can see what will be said. The voice is optional (every voice of a language
 * is given the same words); without `lang` the server guesses it from the text, as for a greeting.
 */
export const spokenTextQuerySchema = z.object({
  text: greetingTextSchema,
  voice: greetingVoiceSchema.optional(),
  lang: greetingLanguageSchema.optional(),
});

export type SpokenTextQuery = z.infer<typeof spokenTextQuerySchema>;

export const spokenTextSchema = z.object({
  lang: z.enum(greetingLanguages),
  /** The script as sent (trimmed). */
  text: z.string(),
  /** What the speech engine is given: numbers, times, addresses and abbreviations as words. */
  spoken: z.string(),
});

export type SpokenText = z.infer<typeof spokenTextSchema>;

export const audioFormats = ['mp3', 'wav'] as const;
export type AudioFormat = (typeof audioFormats)[number];

export const greetingFormatSchema = z.object({
  format: z.enum(audioFormats),
  /** MIME type of the file at `url`. */
  contentType: z.string(),
  url: z.string(),
  /** What the format is for, e.g. 'web' or 'phone system (8 kHz µ-law)'. */
  use: z.enum(['web', 'phone']),
});

export const greetingSchema = z.object({
  /** Address of the MP3, playable while it is still being made. */
  url: z.string(),
  voice: voiceNameSchema,
  lang: z.enum(greetingLanguages),
  /** Length in seconds; null while the audio is still being made. */
  duration: z.number().nonnegative().nullable(),
  status: z.enum(['ready', 'rendering']),
  formats: z.array(greetingFormatSchema),
});

export type Greeting = z.infer<typeof greetingSchema>;
export type GreetingFormat = z.infer<typeof greetingFormatSchema>;

export const voiceOptionSchema = z.object({
  name: voiceNameSchema,
  label: z.string(),
  /** Sample audio of this voice in the requested language (generated once, cached). */
  sampleUrl: z.string(),
  /** Drawn SVG avatar. */
  avatarUrl: z.string(),
});

export const voiceListSchema = z.object({
  lang: z.enum(greetingLanguages),
  voices: z.array(voiceOptionSchema),
});

export type VoiceOption = z.infer<typeof voiceOptionSchema>;
export type VoiceList = z.infer<typeof voiceListSchema>;

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

export const errorBodySchema = z.object({ code: z.string(), message: z.string() });

/** The client-side error of SPEC §8 when the builder cannot be reached or answers an error. */
export const greetingFetchErrorMessage = 'Failed to fetch greeting message';
