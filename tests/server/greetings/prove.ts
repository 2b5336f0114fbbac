import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Challenge } from 'altcha-lib/types';
import type { FastifyInstance } from 'fastify';
import { greetingWorkSchema, type GreetingWork } from '../../../core/contracts/greetings';

/** `GET /greetings/work` for a script, as `client` asks it. */
export async function askWork(app: FastifyInstance, text: string, client: string, voice = 'aria'): Promise<GreetingWork> {
  const answer = await app.inject({ method: 'GET', url: `/greetings/work?${new URLSearchParams({ text, voice, lang: 'en' })}`, headers: { 'x-forwarded-for': client } });
  if (answer.statusCode !== 200) throw new Error(`GET /greetings/work answered ${answer.statusCode}: ${answer.body}`);
  return greetingWorkSchema.parse(answer.json());
}

/** Solves a challenge the way a page or the ALTCHA widget does, and returns the payload the server spends. */
export async function solve(work: GreetingWork): Promise<string> {
  const challenge = work.challenge as unknown as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('no solution');
  return Buffer.from(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution })).toString('base64');
}

/** A proof for this greeting at its price now. */
export async function prove(app: FastifyInstance, text: string, client: string, voice = 'aria'): Promise<string> {
  return solve(await askWork(app, text, client, voice));
}
