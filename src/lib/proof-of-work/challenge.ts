import type { Challenge, Solution } from 'altcha-lib/types';
import { browserAlgorithms } from './derive-key';

/** Why a challenge could not be solved: not a challenge, an algorithm this page cannot run, or no solution in time. */
export class ProofOfWorkError extends Error {
  override name = 'ProofOfWorkError';
  constructor(readonly reason: 'invalid' | 'unsupported' | 'timeout') {
    super(`proof of work: ${reason}`);
  }
}

const HEX = /^[0-9a-fA-F]+$/;
const isHex = (value: unknown): value is string => typeof value === 'string' && HEX.test(value);
const isPositiveInteger = (value: unknown): value is number => Number.isInteger(value) && (value as number) > 0;

/**
 * The ALTCHA v2 challenge in a server's answer (parsed JSON or its text), checked before any work:
 * a malformed one would otherwise spin until the timeout. Keeps only what the payload carries back
 * (parameters and signature; the widget's `configuration` and `codeChallenge` are dropped).
 */
export function challengeOf(json: unknown): Challenge {
  let value: unknown = json;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      throw new ProofOfWorkError('invalid');
    }
  }
  if (typeof value !== 'object' || value === null) throw new ProofOfWorkError('invalid');
  const { parameters, signature } = value as { parameters?: Challenge['parameters'] | null; signature?: unknown };
  if (typeof parameters !== 'object' || parameters === null) throw new ProofOfWorkError('invalid');
  if (!isHex(parameters.nonce) || !isHex(parameters.salt) || !isHex(parameters.keyPrefix) || !isPositiveInteger(parameters.cost)) throw new ProofOfWorkError('invalid');
  if (parameters.keyLength !== undefined && !isPositiveInteger(parameters.keyLength)) throw new ProofOfWorkError('invalid');
  if (signature !== undefined && typeof signature !== 'string') throw new ProofOfWorkError('invalid');
  if (!(browserAlgorithms as readonly string[]).includes(parameters.algorithm)) throw new ProofOfWorkError('unsupported');
  return signature === undefined ? { parameters } : { parameters, signature };
}

/**
 * The string the ALTCHA widget produces and servers verify (altcha-lib's `verify` parses it): base64
 * of `{challenge: {parameters, signature}, solution}`. This is the captcha token.
 */
export function payloadOf(challenge: Challenge, solution: Solution): string {
  return btoa(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }));
}
