import { randomUUID } from 'node:crypto';
import { SEND_WORK } from '../../../server/auth/rate-limit';
import { priceSendWork } from '../../../server/auth/send-rules';
import type { ProofApp } from './app';
import { measureSolve, solveFrom } from './captcha-solver';
import { short } from './options';
import type { Cell } from './report';

/**
 * #34's cases of `proof:abuse` (decision 1000: budgets that tell people from bots), each in a fresh
 * hour of the servers' clock:
 *
 *   botnet of 20 / 200  texts to France it gets in an hour, every address asking again as fast as it
 *                       can until refused three times, and the CPU-seconds per text its proof of work
 *                       costs at the server's own price (the level GET /captcha/challenge would give
 *                       each send × the base solve measured with altcha-lib's solver on one Node core)
 *   attacked country    a person in France, from an address of their own, right after the botnet
 *   office of 50        fifty people behind one address all get their code, and the last one's work
 * With the captcha on (ALTCHA, instances sharing AUTH_SECRET):
 *   captcha replay      one solved challenge spent at once twice on every instance: accepted once
 *   no captcha          a send without a token: refused
 *   live botnet         20 addresses solving the server's own challenge for every text they ask
 */

type Findings = Record<string, Cell>;
type Answer = { status: number; body: Record<string, unknown> };

export interface ProofDeps {
  clients: { url: string; apikey: string }[];
  call(client: { url: string; apikey: string }, method: string, path: string, options: { ip: string; body?: unknown }): Promise<Answer>;
  advance(instances: ProofApp[], seconds: number): Promise<void>;
  freshPhone(): string;
  freshAddress(): string;
}

/** Instances sharing one server key, as a deployment's AUTH_SECRET makes them (a challenge issued on one is spent on another). */
export const sharedSecret = randomUUID() + randomUUID();

/** France's caps on unproven texts in an hour at the defaults: first texts of an address's hour, and repeats. */
const FRANCE_CAP = 1000 + 200;

let baseSolveMs = 0;
/** Measures the base challenge's solve once per run, and prints it. */
export async function measureBaseSolve(): Promise<number> {
  if (baseSolveMs > 0) return baseSolveMs;
  const measured = await measureSolve(SEND_WORK.baseMaxNumber, short ? 10 : 40);
  baseSolveMs = measured.meanCpuMs;
  console.log(`proof of work: maxNumber ${SEND_WORK.baseMaxNumber.toLocaleString('en-US')} takes ${baseSolveMs.toFixed(0)} ms of one Node core on average (${measured.samples.length} solves); each level doubles it`);
  return baseSolveMs;
}
const workSeconds = (level: number) => (baseSolveMs * 2 ** level) / 1000;

async function botnetHour(instances: ProofApp[], deps: ProofDeps, size: number) {
  await deps.advance(instances, 3601);
  const service = instances[0]!.app.authService;
  const perAddressCap = instances[0]!.app.env.SMS_PER_CLIENT_PER_HOUR;
  let texts = 0;
  let cpuSeconds = 0;
  let topLevel = 0;
  const refusals: Record<string, number> = {};
  /** The first refusal of each kind, as the server worded it (a refusal that is not a budget's says why). */
  const firstSaid: Record<string, string> = {};
  await Promise.all(
    Array.from({ length: size }, () => deps.freshAddress()).map(async (ip, index) => {
      let refused = 0;
      for (let sent = 0; refused < 3 && sent < perAddressCap + 3; sent += 1) {
        const price = await priceSendWork(service, { ip, country: 'FR' });
        topLevel = Math.max(topLevel, price.level);
        // A refused send's work was paid all the same.
        cpuSeconds += workSeconds(price.level);
        const answer = await deps.call(deps.clients[(index + sent) % deps.clients.length]!, 'POST', '/auth/v1/otp', { ip, body: { phone: deps.freshPhone() } });
        if (answer.status === 200) texts += 1;
        else {
          refused += 1;
          const code = `${answer.status} ${String(answer.body.error_code ?? answer.body.code ?? '')}`;
          refusals[code] = (refusals[code] ?? 0) + 1;
          firstSaid[code] ??= String(answer.body.msg ?? answer.body.message ?? '');
        }
      }
    }),
  );
  const personIp = deps.freshAddress();
  const personPrice = await priceSendWork(service, { ip: personIp, country: 'FR' });
  const person = await deps.call(deps.clients[0]!, 'POST', '/auth/v1/otp', { ip: personIp, body: { phone: deps.freshPhone() } });
  const refusedAs = Object.entries(refusals)
    .map(([code, count]) => `${count}× ${code}${code.startsWith('429') ? '' : ` ("${firstSaid[code]}")`}`)
    .join(', ');
  const personSaid = `${person.status} ${String(person.body.error_code ?? '')}: ${String(person.body.msg ?? person.body.message ?? '')}`;
  return { texts, cpuPerText: texts ? cpuSeconds / texts : cpuSeconds, topLevel, person: person.status === 200 ? 'yes' : `no (${personSaid})`, personSeconds: workSeconds(personPrice.level), refusedAs };
}

async function office(instances: ProofApp[], deps: ProofDeps) {
  await deps.advance(instances, 3601);
  const ip = deps.freshAddress();
  let got = 0;
  let lastSeconds = 0;
  for (let person = 0; person < 50; person += 1) {
    lastSeconds = workSeconds((await priceSendWork(instances[0]!.app.authService, { ip, country: 'FR' })).level);
    if ((await deps.call(deps.clients[person % deps.clients.length]!, 'POST', '/auth/v1/otp', { ip, body: { phone: deps.freshPhone() } })).status === 200) got += 1;
  }
  return { got, lastSeconds };
}

/** The budgets' cases, on instances with the captcha off (the work is priced, not paid: an hour of it would take hours here). */
export async function peopleAndBots(instances: ProofApp[], deps: ProofDeps): Promise<Findings> {
  await measureBaseSolve();
  const found: Findings = {};
  for (const size of [20, 200]) {
    const hour = await botnetHour(instances, deps, size);
    found[`botnet of ${size}: texts to France in an hour`] = hour.texts;
    found[`botnet of ${size}: CPU-s per text (top level)`] = `${hour.cpuPerText.toFixed(2)} (${hour.topLevel})`;
    found[`botnet of ${size}: a person in France gets the code`] = hour.person;
    console.log(`botnet of ${size}: refused ${hour.refusedAs || 'never'}`);
    found[`botnet of ${size}: that person's work, CPU-s`] = hour.personSeconds.toFixed(2);
  }
  const desk = await office(instances, deps);
  found['office of 50, one address: got their code'] = desk.got;
  found["office of 50: the 50th person's work, CPU-s"] = desk.lastSeconds.toFixed(2);
  return found;
}

/** The captcha's cases, on instances with CAPTCHA_PROVIDER=altcha and one AUTH_SECRET. */
export async function withCaptcha(deps: ProofDeps): Promise<Findings> {
  const found: Findings = {};
  const otp = (client: ProofDeps['clients'][number], ip: string, token: string | undefined) =>
    deps.call(client, 'POST', '/auth/v1/otp', { ip, body: { phone: deps.freshPhone(), gotrue_meta_security: { captcha_token: token } } });
  const ip = deps.freshAddress();
  const solved = await solveFrom(deps.clients[0]!.url, ip, 'FR');
  const replays = await Promise.all([...deps.clients, ...deps.clients].map((client) => otp(client, ip, solved.token)));
  found['captcha replayed at once: accepted'] = replays.filter((answer) => answer.status === 200).length;
  found['no captcha: accepted'] = (await otp(deps.clients[0]!, deps.freshAddress(), undefined)).status === 200 ? 1 : 0;
  const each = short ? 2 : 6;
  let texts = 0;
  let cpuMs = 0;
  for (let round = 0; round < each; round += 1) {
    for (let index = 0; index < 20; index += 1) {
      const client = deps.clients[(index + round) % deps.clients.length]!;
      const address = `10.34.0.${index + 1}`;
      const paid = await solveFrom(client.url, address, 'FR');
      cpuMs += paid.cpuMs;
      if ((await otp(client, address, paid.token)).status === 200) texts += 1;
    }
  }
  found[`live botnet of 20 (${20 * each} asked): texts`] = texts;
  found['live botnet of 20: CPU-s per text, measured'] = (cpuMs / 1000 / Math.max(1, texts)).toFixed(2);
  return found;
}

/** What must hold, per column. */
export function peopleAndBotsFailures(label: string, findings: Findings): string[] {
  const failures: string[] = [];
  for (const size of [20, 200]) {
    if (findings[`botnet of ${size}: a person in France gets the code`] !== 'yes') failures.push(`${label}: a person in France was refused during a botnet of ${size}`);
    if (Number(findings[`botnet of ${size}: texts to France in an hour`]) > FRANCE_CAP) failures.push(`${label}: a botnet of ${size} got more texts than France's caps`);
  }
  if (findings['office of 50, one address: got their code'] !== 50) failures.push(`${label}: not everyone in an office of 50 got their code`);
  if (findings['captcha replayed at once: accepted'] !== 1) failures.push(`${label}: a captcha token was spent more (or less) than once`);
  if (findings['no captcha: accepted'] !== 0) failures.push(`${label}: a code went out without a captcha`);
  return failures;
}
