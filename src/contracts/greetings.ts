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

/** Bounds on the spoken text, counted after trimming. */
export const greetingTextLimits = { min: 1, max: 1000 } as const;

/** Stable error codes of the greeting builder (the body is the API's `{ code, message }`). */
export const greetingErrorCodes = {
  textMissing: 'GREETING_TEXT_MISSING',
  textEmpty: 'GREETING_TEXT_EMPTY',
  textTooLong: 'GREETING_TEXT_TOO_LONG',
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
export const greetingQuerySchema = z.object({
  text: z
    .string({ error: greetingErrorCodes.textMissing })
    .trim()
    .min(greetingTextLimits.min, { error: greetingErrorCodes.textEmpty })
    .max(greetingTextLimits.max, { error: greetingErrorCodes.textTooLong })
    // Something to say: punctuation or emoji alone would make a silent file.
    .refine((text) => /[\p{L}\p{N}]/u.test(text), { error: greetingErrorCodes.textEmpty }),
  voice: z
    .string({ error: greetingErrorCodes.voiceMissing })
    .trim()
    .toLowerCase()
    .pipe(z.enum(voiceNames, { error: greetingErrorCodes.voiceUnknown })),
  lang: z.enum(greetingLanguages, { error: greetingErrorCodes.languageUnknown }).optional(),
});

export type GreetingQuery = z.infer<typeof greetingQuerySchema>;

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
