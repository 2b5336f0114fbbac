import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { issueWork, workKeys, type WorkContext } from '../../../server/captcha/work';
import { systemClock } from '../../../server/http/clock';

/**
 * What a bot (or the ALTCHA widget) does for each code send: fetch the challenge, solve it with
 * altcha-lib's own solver on one Node core, and hand the payload back as `captcha_token`. The CPU
 * it spent is measured (process.cpuUsage), not estimated.
 */
export interface Solved {
  token: string;
  /** The challenge's price level and counter range (signed data). */
  level: number;
  maxNumber: number;
  /** CPU milliseconds this process spent solving it. */
  cpuMs: number;
}

export async function solveFrom(url: string, ip: string, country?: string): Promise<Solved> {
  const response = await fetch(new URL(`/auth/v1/captcha/challenge${country ? `?country=${country}` : ''}`, url), { headers: ip ? { 'x-forwarded-for': ip } : {} });
  if (response.status !== 200) throw new Error(`challenge: ${response.status} ${await response.text()}`);
  return solve((await response.json()) as Challenge);
}

export async function solve(challenge: Challenge): Promise<Solved> {
  const before = process.cpuUsage();
  const solution = await solveChallenge({ challenge, deriveKey });
  const used = process.cpuUsage(before);
  if (!solution) throw new Error('challenge not solved in time');
  const token = Buffer.from(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution })).toString('base64');
  const data = challenge.parameters.data ?? {};
  return { token, level: Number(data.level ?? 0), maxNumber: Number(data.maxNumber ?? 0), cpuMs: (used.user + used.system) / 1000 };
}

/**
 * CPU milliseconds one core spends on a challenge of `maxNumber` (the mean of `samples` solves of
 * challenges made the server's way with a throw-away key): the price of a text at each level is
 * this × 2^level, since a level doubles the counter range.
 */
export async function measureSolve(maxNumber: number, samples: number): Promise<{ meanCpuMs: number; samples: number[] }> {
  const context = { db: null, clock: systemClock, keys: workKeys(Buffer.alloc(32, 7)) } as unknown as WorkContext;
  const spent: number[] = [];
  for (let index = 0; index < samples; index += 1) spent.push((await solve(await issueWork(context, { scope: 'proof', maxNumber }))).cpuMs);
  return { meanCpuMs: spent.reduce((sum, value) => sum + value, 0) / spent.length, samples: spent };
}
