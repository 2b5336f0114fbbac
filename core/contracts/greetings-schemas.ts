import { z } from 'zod';
import { audioFormats, findPlaceholders, greetingErrorCodes, greetingLanguages, greetingTextLimits, voiceNames } from './greetings-values';

/**
 * The greeting builder's wire schemas (zod's chained API), imported through greetings.ts. The
 * browser loads this module when a greeting arrives (generator.actors.ts), not for the first render.
 */

export const voiceNameSchema = z.enum(voiceNames);

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

/**
 * A solved proof of work for this greeting (the payload an ALTCHA solver returns for the challenge
 * of `GET /greetings/work`), needed only while the builder is under pressure (#34.2).
 */
export const greetingProofSchema = z.string({ error: greetingErrorCodes.proofInvalid }).trim().min(1, { error: greetingErrorCodes.proofInvalid }).max(4000, { error: greetingErrorCodes.proofInvalid });

export const greetingQuerySchema = z.object({
  text: greetingTextSchema,
  voice: greetingVoiceSchema,
  lang: greetingLanguageSchema.optional(),
  proof: greetingProofSchema.optional(),
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
  /** Its length, which is what a greeting costs, and the most one greeting may have. */
  spokenCharacters: z.number().int().nonnegative(),
  maxSpokenCharacters: z.number().int().positive(),
});

export type SpokenText = z.infer<typeof spokenTextSchema>;

/**
 * `GET /greetings/work?text&voice[&lang]` (#34.2): the proof-of-work challenge for this greeting at
 * its price now (ALTCHA v2 JSON, bound to this greeting, single use), and whether a greeting without
 * a proof would be refused at this moment. The solved payload goes back as `proof` on `/greetings`.
 */
export const greetingWorkSchema = z.object({
  required: z.boolean(),
  /** The challenge's price: a solver tries half of it in SHA-256 derivations on average. */
  maxNumber: z.number().int().positive(),
  challenge: z.looseObject({ parameters: z.looseObject({ algorithm: z.string() }), signature: z.string().optional() }),
});

export type GreetingWork = z.infer<typeof greetingWorkSchema>;

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

export const errorBodySchema = z.object({ code: z.string(), message: z.string() });
