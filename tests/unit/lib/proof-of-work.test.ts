import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey as nodePbkdf2 } from 'altcha-lib/algorithms/pbkdf2';
import { deriveKey as nodeSha } from 'altcha-lib/algorithms/sha';
import type { DeriveKeyFunction } from 'altcha-lib/types';
import { describe, expect, it } from 'vitest';
import { challengeOf } from '../../../src/lib/proof-of-work/challenge';
import { ProofOfWorkError, solveChallenge } from '../../../src/lib/proof-of-work/solve';

const SECRET = 'test-hmac-secret';

/** A challenge as a server issues it (altcha-lib's own createChallenge, Node's key derivations). */
async function issued(algorithm: string, deriveKey: DeriveKeyFunction, cost: number, keyPrefix = '0') {
  return createChallenge({ algorithm, cost, deriveKey, keyPrefix, hmacSignatureSecret: SECRET, expiresAt: Math.floor(Date.now() / 1000) + 300 });
}

/** What a server does with a token: decode the widget's payload and verify it against its secret. */
async function verifyToken(token: string, deriveKey: DeriveKeyFunction) {
  const { challenge, solution } = JSON.parse(atob(token)) as { challenge: Parameters<typeof verifySolution>[0]['challenge']; solution: Parameters<typeof verifySolution>[0]['solution'] };
  return verifySolution({ challenge, solution, deriveKey, hmacSignatureSecret: SECRET });
}

describe('the proof-of-work solver (src/lib/proof-of-work)', () => {
  it('solves a SHA-256 and a PBKDF2 challenge into a payload the server verifies, from JSON or its text', async () => {
    const sha = await issued('SHA-256', nodeSha, 1);
    const shaToken = await solveChallenge(sha);
    expect(await verifyToken(shaToken, nodeSha)).toMatchObject({ verified: true });

    const pbkdf2 = await issued('PBKDF2/SHA-256', nodePbkdf2, 100);
    const pbkdf2Token = await solveChallenge(JSON.stringify({ configuration: {}, ...pbkdf2 }));
    expect(await verifyToken(pbkdf2Token, nodePbkdf2)).toMatchObject({ verified: true });
  });

  it('makes a token the server refuses when the challenge was altered on the way (its signature no longer matches)', async () => {
    const challenge = await issued('SHA-256', nodeSha, 1);
    const altered = { ...challenge, parameters: { ...challenge.parameters, cost: 1, keyPrefix: '0', expiresAt: (challenge.parameters.expiresAt ?? 0) + 3600 } };
    const token = await solveChallenge(altered);
    expect(await verifyToken(token, nodeSha)).toMatchObject({ verified: false, invalidSignature: true });
  });

  it('refuses before any work what is not a challenge, or names an algorithm a browser cannot run', async () => {
    const good = await issued('SHA-256', nodeSha, 1);
    for (const bad of ['not json', null, 42, {}, { parameters: { ...good.parameters, nonce: 'zz' } }, { parameters: { ...good.parameters, cost: 0 } }, { parameters: { ...good.parameters, keyPrefix: '' } }, { ...good, signature: 7 }]) {
      expect(() => challengeOf(bad), JSON.stringify(bad)).toThrow(expect.objectContaining({ reason: 'invalid' }));
    }
    await expect(solveChallenge({ ...good, parameters: { ...good.parameters, algorithm: 'SCRYPT' } })).rejects.toEqual(new ProofOfWorkError('unsupported'));
  });

  it('stops when its signal aborts, with an AbortError', async () => {
    // A prefix of 16 hex zeros takes billions of tries: only the abort ends this solve.
    const hard = await issued('SHA-256', nodeSha, 1, '0000000000000000');
    const controller = new AbortController();
    const solving = solveChallenge(hard, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(solving).rejects.toMatchObject({ name: 'AbortError' });
    await expect(solveChallenge(hard, { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });
});
