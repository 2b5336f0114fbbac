import { fromCallback, fromPromise } from 'xstate';
import { proofKey, type GreetingProof, type GreetingRequest, type ProofRequest, type SampleReport, type SampleRequest } from '../../../machines/generator.actors';
import { publicConfig } from '../../platform/public-config';
import { logEvent } from '../../platform/analytics/analytics';
import { analyticsEvents } from '../../platform/analytics/events';
import { GreetingFetchError, greetingFailureOf, voiceSamplePath, type Greeting } from '../../../core/contracts/greetings';

// The wire schema (zod's chained API) is not needed to paint the page: it loads on the visitor's
// first intent (preloadGreeting), at the latest with the first request.
const loadGreetingSchemas = () => import('../../../core/contracts/greetings-schemas');

let preloaded = false;
/**
 * The visitor is about to make a greeting (a focus, a pointer or typing in the form): the chunk the
 * answer is read with loads now, not after the click, where it took 90–120 ms of a loaded machine
 * beside the request (#40.4). Once per page; a failed download is tried again on the next intent.
 */
export function preloadGreeting(): void {
  if (preloaded) return;
  preloaded = true;
  loadGreetingSchemas().catch(() => {
    preloaded = false;
  });
}

/** An address from the greeting builder, made absolute against its configured base URL. */
export function greetingAddress(path: string): string {
  return new URL(path, publicConfig().greetingsUrl).toString();
}

/**
 * An address on the greeting builder as the page's markup writes it (the voices' pictures): from
 * the site's root when the builder is on the page's own site, as it is when this server serves both
 * (server/public-config), so a prerendered page holds no host of the build's; else the whole address.
 */
export function greetingLink(path: string): string {
  const address = new URL(greetingAddress(path));
  return address.origin === window.location.origin ? `${address.pathname}${address.search}` : address.toString();
}

/**
 * `GET /greetings?text&voice&lang` (SPEC §7). Any failure, network or HTTP, becomes the SPEC's
 * client-side error 'Failed to fetch greeting message'; when the builder said why (one of its
 * limits, by its stable code) the error carries that, and how long to wait, for the page's alert.
 */
export const fetchGreeting = fromPromise<Greeting, GreetingRequest>(async ({ input, signal }) => {
  const schemas = loadGreetingSchemas();
  // Awaited below; a failed download before then is not an unhandled rejection.
  schemas.catch(() => undefined);
  const url = new URL(greetingAddress('/greetings'));
  url.search = new URLSearchParams({ text: input.text, voice: input.voice, lang: input.lang, ...(input.proof ? { proof: input.proof } : {}) }).toString();
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: 'application/json' }, signal });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new GreetingFetchError();
  }
  if (!response.ok) throw await refusal(response);
  const { greetingSchema } = await schemas.catch(() => {
    throw new GreetingFetchError();
  });
  const parsed = greetingSchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new GreetingFetchError();
  logEvent(analyticsEvents.greetingGenerated, { voice: input.voice, text_length: input.text.length });
  return { ...parsed.data, url: greetingAddress(parsed.data.url), formats: parsed.data.formats.map((format) => ({ ...format, url: greetingAddress(format.url) })) };
});

/** How long the visitor's typing pauses before the page proves work for what is written. */
export const PROOF_PAUSE_MS = 600;

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new DOMException('Aborted', 'AbortError'));
    });
  });

/**
 * The proof of work for a greeting (#34.2), made in the background while the visitor writes: after
 * a pause in the typing, its challenge (`GET /greetings/work`, priced by the builder for this
 * script, voice and language), solved in Web Workers by src/lib/proof-of-work when the price says
 * the builder would refuse the greeting without it (`required`), or the builder asked for it. A
 * quiet builder's greeting gets none (null): the solver's workers would take the cores its
 * synthesis needs on a small machine and a phone's battery for nothing (#40.4). An edit stops the
 * actor, which abandons both. The solver loads with the first proof, not with the page.
 */
export const proveGreeting = fromPromise<GreetingProof | null, ProofRequest>(async ({ input, signal }) => {
  await pause(PROOF_PAUSE_MS, signal);
  const url = new URL(greetingAddress('/greetings/work'));
  url.search = new URLSearchParams({ text: input.text, voice: input.voice, lang: input.lang }).toString();
  const response = await fetch(url, { headers: { accept: 'application/json' }, signal });
  if (!response.ok) throw new Error(`GET /greetings/work answered ${response.status}`);
  const { challenge, required } = (await response.json()) as { challenge?: unknown; required?: unknown };
  if (required === false && !input.asked) return null;
  const { solveChallenge } = await import('../../lib/proof-of-work/solve');
  return { key: proofKey(input), payload: await solveChallenge(challenge, { signal }) };
});

/** An error answer as the page explains it: the `{ code }` of the body and the Retry-After header. */
async function refusal(response: Response): Promise<GreetingFetchError> {
  const body: unknown = await response.json().catch(() => null);
  const code = body && typeof body === 'object' && 'code' in body && typeof body.code === 'string' ? body.code : undefined;
  const retryAfter = Number(response.headers.get('retry-after') ?? Number.NaN);
  return new GreetingFetchError(greetingFailureOf(code), Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null);
}

/**
 * Plays a voice's sample through an <audio> element that lives as long as the actor: stopping the
 * actor (pause, another voice, leaving the page) pauses it and drops its download.
 */
export const playSample = fromCallback<{ type: 'never' }, SampleRequest>(({ input, sendBack }) => {
  const audio = new Audio(greetingAddress(voiceSamplePath(input.voice, input.lang)));
  const report = (event: SampleReport) => () => sendBack(event);
  const onPlaying = report({ type: 'sample.playing' });
  const onEnded = report({ type: 'sample.ended' });
  const onError = report({ type: 'sample.failed' });
  audio.addEventListener('playing', onPlaying);
  audio.addEventListener('ended', onEnded);
  audio.addEventListener('error', onError);
  audio.play().catch((error: unknown) => {
    // An interrupted play() (we paused it) is not a failure.
    if (!(error instanceof DOMException && error.name === 'AbortError')) onError();
  });
  return () => {
    audio.removeEventListener('playing', onPlaying);
    audio.removeEventListener('ended', onEnded);
    audio.removeEventListener('error', onError);
    audio.pause();
    audio.removeAttribute('src');
    audio.load();
  };
});
