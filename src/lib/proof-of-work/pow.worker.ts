/// <reference lib="webworker" />
import { handler } from 'altcha-lib/workers/shared';
import { deriveKey } from './derive-key';

/**
 * The solver's Web Worker: altcha-lib's worker protocol (`{type: 'work', challenge, counterStart,
 * counterStep}` → the solution, `{type: 'abort'}`), with the WebCrypto key derivations. altcha-lib's
 * own workers import node:crypto, so they cannot run in a page.
 */
handler({ deriveKey });
