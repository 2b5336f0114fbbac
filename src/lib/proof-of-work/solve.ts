import { solveChallenge as solveHere, solveChallengeWorkers } from 'altcha-lib';
import type { Challenge, Solution } from 'altcha-lib/types';
import { challengeOf, payloadOf, ProofOfWorkError } from './challenge';
import { deriveKey } from './derive-key';

export { ProofOfWorkError } from './challenge';

/** Past this, the work is given up (the caller fetches a fresh challenge): ALTCHA's own default. */
const SOLVE_TIMEOUT_MS = 90_000;
/** Workers racing over interleaved counters: more than the cores only adds switching. */
const MAX_WORKERS = 4;

const abortError = () => new DOMException('The proof of work was cancelled.', 'AbortError');

/**
 * Solves an ALTCHA v2 challenge (the JSON a server issued, parsed or as text) and returns the
 * payload string the server verifies: the captcha token, and the greeting builder's proof. In a page
 * the work runs in Web Workers, off the main thread, so typing never stutters; where there are no
 * workers (a test in Node) it runs here with the same derivation. Rejects with an AbortError when
 * `signal` aborts, a ProofOfWorkError otherwise.
 */
export async function solveChallenge(challengeJson: unknown, { signal }: { signal?: AbortSignal } = {}): Promise<string> {
  const challenge = challengeOf(challengeJson);
  if (signal?.aborted) throw abortError();
  const controller = new AbortController();
  const abort = () => controller.abort();
  signal?.addEventListener('abort', abort, { once: true });
  try {
    const solution = typeof Worker === 'function' ? await solveInWorkers(challenge, controller) : await solveHere({ challenge, controller, deriveKey, timeout: SOLVE_TIMEOUT_MS });
    if (signal?.aborted) throw abortError();
    if (!solution) throw new ProofOfWorkError('timeout');
    return payloadOf(challenge, solution);
  } finally {
    signal?.removeEventListener('abort', abort);
  }
}

function solveInWorkers(challenge: Challenge, controller: AbortController): Promise<Solution | null> {
  return solveChallengeWorkers({
    challenge,
    controller,
    concurrency: Math.min(MAX_WORKERS, Math.max(1, navigator.hardwareConcurrency || 1)),
    createWorker: () => new Worker(new URL('./pow.worker.ts', import.meta.url), { type: 'module' }),
    timeout: SOLVE_TIMEOUT_MS,
  });
}
