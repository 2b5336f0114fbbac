import { deriveKey as derivePbkdf2 } from 'altcha-lib/algorithms/web/pbkdf2';
import { deriveKey as deriveSha } from 'altcha-lib/algorithms/web/sha';
import type { DeriveKeyFunction } from 'altcha-lib/types';

/**
 * The algorithms a browser derives with WebCrypto (altcha-lib's web implementations). SCRYPT and
 * ARGON2ID need a WASM build several times this size, so a challenge naming them is refused before
 * any work (challenge.ts): the server picks its algorithm from this list.
 */
export const browserAlgorithms = ['SHA-256', 'SHA-384', 'SHA-512', 'PBKDF2/SHA-256', 'PBKDF2/SHA-384', 'PBKDF2/SHA-512'] as const;

/** One key derivation for every algorithm above, chosen by the challenge's own parameters. */
export const deriveKey: DeriveKeyFunction = (parameters, salt, password) =>
  parameters.algorithm.startsWith('PBKDF2/') ? derivePbkdf2(parameters, salt, password) : deriveSha(parameters, salt, password);
