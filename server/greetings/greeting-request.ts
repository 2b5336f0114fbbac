import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { findPlaceholders, greetingErrorCodes, greetingLanguages, greetingQuerySchema, voiceNames, type GreetingQuery, type VoiceName } from '../../core/contracts/greetings';
import { HttpError } from '../http/errors';
import { CostRefusal } from './cost-budget';
import type { Asker } from './service';
import { SynthesisBusyError } from './synthesizer';

// A greeting request's values read into the contract's types (or its stable 4xx codes), and engine
// failures turned into the API's errors.

/** Checks the query against the shared contract and answers its first problem with a stable code. */
export function parseGreetingQuery(query: unknown): GreetingQuery {
  return parseQuery(greetingQuerySchema, query);
}

export function parseQuery<T>(schema: z.ZodType<T>, query: unknown): T {
  const parsed = schema.safeParse(query);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const code = Object.values(greetingErrorCodes).find((known) => known === issue?.message) ?? 'VALIDATION_FAILED';
  if (code === greetingErrorCodes.textHasPlaceholders) {
    // Name what is left, so a caller sees which detail it forgot to fill in.
    const text = typeof (query as { text?: unknown }).text === 'string' ? (query as { text: string }).text : '';
    throw new HttpError(400, code, `Replace ${findPlaceholders(text).join(', ')} in the text with what should be said: placeholders are never spoken`);
  }
  throw new HttpError(400, code, messages[code] ?? 'The request is not valid');
}

const messages: Record<string, string> = {
  [greetingErrorCodes.textMissing]: 'Give the text to speak, once, in the text parameter',
  [greetingErrorCodes.textEmpty]: 'The text to speak is empty',
  [greetingErrorCodes.textTooLong]: 'The text to speak is longer than 1000 characters',
  [greetingErrorCodes.voiceMissing]: 'Choose one voice with the voice parameter',
  [greetingErrorCodes.voiceUnknown]: `Unknown voice; choose one of ${voiceNames.join(', ')}`,
  [greetingErrorCodes.languageUnknown]: `Unknown language; choose one of ${greetingLanguages.join(', ')}`,
};

export function parseVoice(value: string): VoiceName {
  const voice = voiceNames.find((name) => name === value.toLowerCase());
  if (!voice) throw new HttpError(404, greetingErrorCodes.voiceUnknown, messages[greetingErrorCodes.voiceUnknown] ?? 'Unknown voice');
  return voice;
}

export function parseLanguage(value: string | undefined): (typeof greetingLanguages)[number] | undefined {
  if (value === undefined) return undefined;
  const lang = greetingLanguages.find((known) => known === value);
  if (!lang) throw new HttpError(400, greetingErrorCodes.languageUnknown, messages[greetingErrorCodes.languageUnknown] ?? 'Unknown language');
  return lang;
}

export function notFound(): HttpError {
  return new HttpError(404, greetingErrorCodes.notFound, 'No greeting at this address');
}

/** The client the cost budget charges: its address (behind TRUSTED_PROXIES, the forwarded one). */
export function askerOf(request: FastifyRequest): Asker {
  return { client: request.ip };
}

/** Runs engine work and turns its failures into the API's errors (400/429 over budget, 503 busy, 502 failed). */
export async function speak<T>(request: FastifyRequest, reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof CostRefusal) {
      reply.header('retry-after', String(error.retryAfterSeconds));
      throw error;
    }
    if (error instanceof HttpError) throw error;
    if (error instanceof SynthesisBusyError) {
      request.log.warn({ err: error }, 'greeting engine busy');
      throw new HttpError(503, greetingErrorCodes.busy, 'The greeting builder is busy, try again in a moment');
    }
    request.log.error({ err: error }, 'greeting synthesis failed');
    throw new HttpError(502, greetingErrorCodes.synthesisFailed, 'The greeting could not be made');
  }
}

