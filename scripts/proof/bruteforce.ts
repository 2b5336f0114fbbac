/**
 * `npm run proof:bruteforce [-- --short]`: guessing one-time codes and TOTP codes the way an
 * attacker would, against the app with its default configuration, on PGlite and on Postgres.
 * Clients are real separate addresses (127.0.0.0/8 is all loopback on Linux), so the per-address
 * limits act as they would between hosts; one attacker also sits behind a forwarding proxy on the
 * server's own host and invents an X-Forwarded-For per guess.
 *
 * Printed per scenario: guesses tried, refused (429), checked against a live code, through (a
 * session or a factor verified), checks per hour and the expected time to a first hit at that
 * rate. Also: the attempt-counter race (a burst of wrong guesses, then the right code, which must
 * be refused), and whether the owner can still sign in after an attack. Goals: 0 guesses through,
 * 0 checks past a limit, and at least 30 days on average to break one account at the measured rate.
 */
import { randomInt } from 'node:crypto';
import { generate as totpCode } from 'otplib';
import type { AdjustableClock } from '../../server/http/clock';
import { fakeClientAddress } from '../bench/sessions';
import { startProofApp, type ProofApp } from './lib/app';
import { proofTargets, type ProofTarget } from './lib/databases';
import { call, closeConnections, json, pool, type WireAnswer } from './lib/http';
import { short, sized } from './lib/options';
import { heading, seconds, table, verdict } from './lib/report';

const DURATION_MS = sized('PROOF_BRUTE_SECONDS', 30, 4) * 1000;
const VICTIMS = sized('PROOF_BRUTE_VICTIMS', 20, 5);
const RACE_ROUNDS = sized('PROOF_RACE_ROUNDS', 10, 3);
const ATTACKER = '127.0.0.66';
const OWNER = '127.0.0.77';

interface Scenario {
  name: string;
  tried: number;
  refused: number;
  checked: number;
  through: number;
  ms: number;
  /** Codes valid at once for one guess (a TOTP window holds up to three). */
  validCodes: number;
  /** Accounts the guesses were spread over (the rate per account is what a targeted attack gets). */
  accounts: number;
  /** A timed run (a rate means something), not a race. */
  timed: boolean;
  note?: string;
}

const guess = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
let addressSequence = 0;
/** A client address of its own (127.0.x.y), as a separate host would have. */
const freshHost = () => {
  addressSequence += 1;
  return `127.${1 + ((addressSequence >> 16) & 127)}.${(addressSequence >> 8) & 255}.${1 + (addressSequence % 254)}`;
};

async function publishableKey(proof: ProofApp): Promise<string> {
  return json<{ auth: { publishableKey: string } }>(await call(proof.port, 'GET', '/config.json')).auth.publishableKey;
}

/** The last code the dev outbox holds for a recipient (the owner reading their own mail). */
async function latestCode(proof: ProofApp, recipient: string): Promise<string> {
  const row = await proof.app.db.selectFrom('auth_outbox').select('code').where('recipient', '=', recipient).orderBy('created_at', 'desc').orderBy('id', 'desc').executeTakeFirst();
  if (!row?.code) throw new Error(`no code in the outbox for ${recipient}`);
  return row.code;
}

async function signIn(proof: ProofApp, apikey: string, email: string, from: string): Promise<{ access_token: string }> {
  const sent = await call(proof.port, 'POST', '/auth/v1/otp', { headers: { apikey }, body: { email, create_user: true }, from });
  if (sent.status !== 200) throw new Error(`setup: code send for ${email} answered ${sent.status} ${sent.body}`);
  const verified = await call(proof.port, 'POST', '/auth/v1/verify', { headers: { apikey }, body: { type: 'email', email, token: await latestCode(proof, email) }, from });
  if (verified.status !== 200) throw new Error(`setup: sign-in for ${email} answered ${verified.status} ${verified.body}`);
  return json(verified);
}

/** How long the server asks a refused client to wait (Retry-After, or GoTrue's "after N seconds"), in ms; 0 when not refused. */
function retryAfter(answer: WireAnswer): number {
  if (answer.status !== 429) return 0;
  const header = Number(answer.headers['retry-after']);
  if (Number.isFinite(header) && header > 0) return header * 1000;
  const said = /after (\d+) seconds?/.exec(answer.body);
  return said ? Number(said[1]) * 1000 : 60_000;
}

/**
 * Runs an attacker's steps as fast as the server answers until the real time is up or an hour has
 * passed on the app's clock. When refused, the attacker waits as told: the clock is moved forward
 * instead of sleeping, so an hour of patient guessing fits in seconds. Returns the attacker's hour:
 * real time plus the waits.
 */
async function attack(clock: AdjustableClock, step: () => Promise<number>): Promise<number> {
  const started = performance.now();
  let waited = 0;
  while (performance.now() - started < DURATION_MS && performance.now() - started + waited < 3_600_000) {
    const wait = Math.min(await step(), 15 * 60_000);
    if (wait > 0) {
      clock.advance(wait);
      waited += wait;
    }
  }
  return performance.now() - started + waited;
}

/**
 * Sign-in codes for many victims. The attacker guesses round-robin across them and asks for a new
 * code for a victim after five guesses (as an attacker must, once a code is spent).
 */
async function codeGuessing(proof: ProofApp, apikey: string, name: string, origin: () => { from: string; headers: Record<string, string> }): Promise<Scenario> {
  const run = `${name.replace(/\W+/g, '-').toLowerCase()}-${Date.now()}`;
  const victims = Array.from({ length: VICTIMS }, (_, index) => `victim-${index}-${run}@acme-widgets.com`);
  for (const email of victims) await call(proof.port, 'POST', '/auth/v1/otp', { headers: { apikey }, body: { email, create_user: true }, from: freshHost() });
  const scenario: Scenario = { name, tried: 0, refused: 0, checked: 0, through: 0, ms: 0, validCodes: 1, accounts: VICTIMS, timed: true };
  const guessesOn = new Map<string, number>();
  let next = 0;
  scenario.ms = await attack(proof.app.clock as AdjustableClock, async () => {
    const email = victims[next++ % victims.length] ?? '';
    const client = origin();
    const answer = await call(proof.port, 'POST', '/auth/v1/verify', { headers: { apikey, ...client.headers }, body: { type: 'email', email, token: guess() }, from: client.from });
    scenario.tried += 1;
    if (answer.status === 429) {
      scenario.refused += 1;
      return retryAfter(answer);
    }
    if (answer.status === 200) scenario.through += 1;
    const count = (guessesOn.get(email) ?? 0) + 1;
    guessesOn.set(email, count);
    // A spent code: ask for the next one (waiting out the send cooldown when told to).
    if (count % 5 === 0) {
      const resent = await call(proof.port, 'POST', '/auth/v1/otp', { headers: { apikey, ...client.headers }, body: { email, create_user: true }, from: client.from });
      if (resent.status === 429) return next % victims.length === 0 ? retryAfter(resent) : 0;
    }
    return 0;
  });
  // What the database counted against live codes (wrong guesses), plus guesses that got through.
  const rows = await proof.app.db.selectFrom('auth_otps').select(({ fn }) => fn.sum<number>('attempts').as('attempts')).where('recipient', 'in', victims).executeTakeFirst();
  scenario.note = `${Number(rows?.attempts ?? 0).toLocaleString('en-US')} compared with a live code`;
  scenario.checked = Number(rows?.attempts ?? 0) + scenario.through;
  return scenario;
}

/**
 * The attempt counter under concurrency: a burst of 14 wrong guesses at one code (each from its own
 * host, so no per-address limit stops them), then the right code. A code allows 5 tries, so the
 * right code must be refused; each round where it is accepted is a guess through.
 */
async function codeRace(proof: ProofApp, apikey: string, clock: AdjustableClock): Promise<Scenario> {
  const scenario: Scenario = { name: 'code: 14 concurrent wrong guesses, then the right code', tried: 0, refused: 0, checked: 0, through: 0, ms: 0, validCodes: 1, accounts: 1, timed: false };
  const started = performance.now();
  for (let round = 0; round < RACE_ROUNDS; round += 1) {
    const email = `race-${round}-${Date.now()}@acme-widgets.com`;
    await call(proof.port, 'POST', '/auth/v1/otp', { headers: { apikey }, body: { email, create_user: true }, from: freshHost() });
    const right = await latestCode(proof, email);
    const wrong = Array.from({ length: 14 }, () => {
      let value = guess();
      while (value === right) value = guess();
      return value;
    });
    const answers = await pool(wrong, 14, (token) => call(proof.port, 'POST', '/auth/v1/verify', { headers: { apikey }, body: { type: 'email', email, token }, from: freshHost() }));
    scenario.tried += answers.length + 1;
    scenario.refused += answers.filter((answer) => answer.status === 429).length;
    scenario.checked += answers.filter((answer) => answer.status !== 429).length;
    const last = await call(proof.port, 'POST', '/auth/v1/verify', { headers: { apikey }, body: { type: 'email', email, token: right }, from: freshHost() });
    if (last.status === 200) scenario.through += 1;
    clock.advance(61_000);
  }
  scenario.ms = performance.now() - started;
  scenario.note = `right code accepted in ${scenario.through}/${RACE_ROUNDS} rounds`;
  return scenario;
}

/** After 15 wrong guesses at someone's address, can the owner still sign in with a fresh code two minutes later? */
async function ownerAfterAttack(proof: ProofApp, apikey: string, clock: AdjustableClock): Promise<{ rounds: number; lockedOut: number }> {
  let lockedOut = 0;
  for (let round = 0; round < RACE_ROUNDS; round += 1) {
    const email = `owner-${round}-${Date.now()}@acme-widgets.com`;
    await call(proof.port, 'POST', '/auth/v1/otp', { headers: { apikey }, body: { email, create_user: true }, from: OWNER });
    for (let attempt = 0; attempt < 15; attempt += 1) {
      await call(proof.port, 'POST', '/auth/v1/verify', { headers: { apikey }, body: { type: 'email', email, token: guess() }, from: freshHost() });
    }
    clock.advance(2 * 60_000);
    await call(proof.port, 'POST', '/auth/v1/otp', { headers: { apikey }, body: { email, create_user: true }, from: OWNER });
    const answer = await call(proof.port, 'POST', '/auth/v1/verify', { headers: { apikey }, body: { type: 'email', email, token: await latestCode(proof, email) }, from: OWNER });
    if (answer.status !== 200) lockedOut += 1;
  }
  return { rounds: RACE_ROUNDS, lockedOut };
}

interface TotpVictim {
  factorId: string;
  secret: string;
  /** The attacker's session: signed in with a code (aal1), the second factor still to pass. */
  attackerToken: string;
}

async function totpVictim(proof: ProofApp, apikey: string, label: string): Promise<TotpVictim> {
  const email = `totp-${label}-${Date.now()}@acme-widgets.com`.toLowerCase();
  const home = freshHost();
  const owner = await signIn(proof, apikey, email, home);
  const headers = { apikey, authorization: `Bearer ${owner.access_token}` };
  const factor = json<{ id: string; totp: { secret: string } }>(await call(proof.port, 'POST', '/auth/v1/factors', { headers, body: { factor_type: 'totp', friendly_name: 'phone' }, from: home }));
  const challenge = json<{ id: string }>(await call(proof.port, 'POST', `/auth/v1/factors/${factor.id}/challenge`, { headers, body: {}, from: home }));
  const code = await totpCode({ secret: factor.totp.secret, epoch: Math.floor(proof.app.clock.now().getTime() / 1000) });
  const verified = await call(proof.port, 'POST', `/auth/v1/factors/${factor.id}/verify`, { headers, body: { challenge_id: challenge.id, code }, from: home });
  if (verified.status !== 200) throw new Error(`setup: TOTP enrolment answered ${verified.status} ${verified.body}`);
  // Verifying ends the owner's other aal1 sessions; the attacker's comes after, as a stolen sign-in would.
  (proof.app.clock as AdjustableClock).advance(61_000); // the resend cooldown
  const attacker = await signIn(proof, apikey, email, freshHost());
  return { factorId: factor.id, secret: factor.totp.secret, attackerToken: attacker.access_token };
}

/** TOTP guesses: a challenge, five guesses (the most one allows), a new challenge, and so on. */
async function totpGuessing(proof: ProofApp, apikey: string, name: string, origin: () => { from: string; headers: Record<string, string> }): Promise<Scenario> {
  const victim = await totpVictim(proof, apikey, name.replace(/\W+/g, '-'));
  const scenario: Scenario = { name, tried: 0, refused: 0, checked: 0, through: 0, ms: 0, validCodes: 3, accounts: 1, timed: true };
  const headers = { apikey, authorization: `Bearer ${victim.attackerToken}` };
  scenario.ms = await attack(proof.app.clock as AdjustableClock, async () => {
    const client = origin();
    const challenge = await call(proof.port, 'POST', `/auth/v1/factors/${victim.factorId}/challenge`, { headers: { ...headers, ...client.headers }, body: {}, from: client.from });
    if (challenge.status !== 200) {
      scenario.tried += 1;
      scenario.refused += 1;
      return retryAfter(challenge) || 1000;
    }
    const id = json<{ id: string }>(challenge).id;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const code = guess();
      const answer = await call(proof.port, 'POST', `/auth/v1/factors/${victim.factorId}/verify`, { headers: { ...headers, ...client.headers }, body: { challenge_id: id, code }, from: client.from });
      scenario.tried += 1;
      const errorCode = json<{ error_code?: string }>(answer).error_code ?? '';
      if (answer.status === 200) {
        scenario.through += 1;
        scenario.note = `guessed ${code} at ${proof.app.clock.now().toISOString()}`;
        return 0;
      }
      if (errorCode === 'mfa_verification_failed') scenario.checked += 1;
      else {
        scenario.refused += 1;
        return retryAfter(answer);
      }
    }
    return 0;
  });
  return scenario;
}

/** Twelve concurrent verifies on one challenge (limit 5), then the right code, which must be refused. */
async function totpRace(proof: ProofApp, apikey: string, clock: AdjustableClock): Promise<Scenario & { pastLimit: number }> {
  const victim = await totpVictim(proof, apikey, 'race');
  const scenario: Scenario & { pastLimit: number } = { name: 'TOTP: 12 concurrent wrong verifies, then the right code', tried: 0, refused: 0, checked: 0, through: 0, ms: 0, validCodes: 3, accounts: 1, timed: false, pastLimit: 0 };
  const headers = { apikey, authorization: `Bearer ${victim.attackerToken}` };
  const started = performance.now();
  for (let round = 0; round < RACE_ROUNDS; round += 1) {
    // A new time step each round, so the right code is not refused merely as a replay.
    clock.advance(61_000);
    const challenge = json<{ id: string }>(await call(proof.port, 'POST', `/auth/v1/factors/${victim.factorId}/challenge`, { headers, body: {}, from: ATTACKER }));
    const right = await totpCode({ secret: victim.secret, epoch: Math.floor(proof.app.clock.now().getTime() / 1000) });
    const codes = Array.from({ length: 12 }, () => {
      let value = guess();
      while (value === right) value = guess();
      return value;
    });
    const answers: WireAnswer[] = await pool(codes, 12, (code) => call(proof.port, 'POST', `/auth/v1/factors/${victim.factorId}/verify`, { headers, body: { challenge_id: challenge.id, code }, from: ATTACKER }));
    const checked = answers.filter((answer) => json<{ error_code?: string }>(answer).error_code === 'mfa_verification_failed').length;
    scenario.tried += answers.length + 1;
    scenario.checked += checked;
    scenario.refused += answers.length - checked;
    scenario.pastLimit += Math.max(0, checked - 5);
    const last = await call(proof.port, 'POST', `/auth/v1/factors/${victim.factorId}/verify`, { headers, body: { challenge_id: challenge.id, code: right }, from: ATTACKER });
    if (last.status === 200) scenario.through += 1;
  }
  scenario.ms = performance.now() - started;
  scenario.note = `${scenario.pastLimit} checks past the limit of 5; right code accepted in ${scenario.through}/${RACE_ROUNDS} rounds`;
  return scenario;
}

/** Checks per attacker hour against one account. */
const perHour = (scenario: Scenario) => (scenario.ms > 0 ? (scenario.checked / scenario.ms) * 3_600_000 / scenario.accounts : 0);

/** Expected hours to a first hit on one account at the measured rate: one chance in 1,000,000 / validCodes per check. */
const hoursToHit = (scenario: Scenario) => {
  const rate = perHour(scenario);
  return rate > 0 ? 1_000_000 / scenario.validCodes / rate : Infinity;
};

/** The floor for a targeted attack: at least this long, on average, to break one account. */
const MIN_DAYS_TO_HIT = 30;

function expectedHit(scenario: Scenario): string {
  const hours = hoursToHit(scenario);
  if (!Number.isFinite(hours)) return 'never';
  if (hours < 48) return `${hours.toFixed(1)} h`;
  if (hours < 24 * 730) return `${(hours / 24).toFixed(0)} days`;
  return `${(hours / 24 / 365).toFixed(0)} years`;
}

async function bruteTarget(target: ProofTarget): Promise<{ scenarios: Scenario[]; owner: { rounds: number; lockedOut: number }; pastLimit: number }> {
  heading(`${target.label}: the app with its default configuration`);
  // TRUSTED_PROXIES left to its default: what a deployment gets without thinking about it.
  const proof = await startProofApp(target, { TRUSTED_PROXIES: '' });
  const clock = proof.app.clock as AdjustableClock;
  try {
    const apikey = await publishableKey(proof);
    let forwarded = 0;
    const oneHost = () => ({ from: ATTACKER, headers: {} });
    const proxied = () => ({ from: '127.0.0.1', headers: { 'x-forwarded-for': fakeClientAddress(500_000 + ++forwarded) } });
    const manyHosts = () => ({ from: freshHost(), headers: {} });
    const scenarios: Scenario[] = [];
    scenarios.push(await codeGuessing(proof, apikey, 'code: one attacker host', oneHost));
    clock.advance(16 * 60_000);
    scenarios.push(await codeGuessing(proof, apikey, 'code: on the host, a new X-Forwarded-For per guess', proxied));
    clock.advance(16 * 60_000);
    scenarios.push(await codeGuessing(proof, apikey, 'code: a botnet (a new host per guess)', manyHosts));
    clock.advance(16 * 60_000);
    scenarios.push(await codeRace(proof, apikey, clock));
    const owner = await ownerAfterAttack(proof, apikey, clock);
    clock.advance(16 * 60_000);
    scenarios.push(await totpGuessing(proof, apikey, 'TOTP: one attacker host', oneHost));
    clock.advance(16 * 60_000);
    scenarios.push(await totpGuessing(proof, apikey, 'TOTP: on the host, a new X-Forwarded-For per challenge', proxied));
    clock.advance(16 * 60_000);
    const race = await totpRace(proof, apikey, clock);
    scenarios.push(race);
    return { scenarios, owner, pastLimit: race.pastLimit };
  } finally {
    await proof.close();
    closeConnections();
  }
}

async function main(): Promise<void> {
  console.log(`proof:bruteforce${short ? ' (short)' : ''}: ${seconds(DURATION_MS)} per timed scenario, ${VICTIMS} victims, ${RACE_ROUNDS} race rounds`);
  const failures: string[] = [];
  for (const target of await proofTargets()) {
    const { scenarios, owner, pastLimit } = await bruteTarget(target);
    console.log(
      table(
        ['scenario', 'tried', 'refused', 'checked', 'through', 'checks/hour per account', 'expected time to break one account', 'note'],
        scenarios.map((s) => [s.name, s.tried, s.refused, s.checked, s.through, s.timed ? String(Math.round(perHour(s)).toLocaleString('en-US')) : '-', s.timed ? expectedHit(s) : '-', s.note ?? '']),
      ),
    );
    console.log(`owner after an attack (15 wrong guesses, then a fresh code 2 minutes later): signed in ${owner.rounds - owner.lockedOut}/${owner.rounds}, locked out ${owner.lockedOut}`);
    const through = scenarios.reduce((sum, s) => sum + s.through, 0);
    if (through) failures.push(`${target.label}: ${through} guesses through (goal 0)`);
    for (const scenario of scenarios.filter((s) => s.timed && hoursToHit(s) < MIN_DAYS_TO_HIT * 24)) {
      failures.push(`${target.label}: "${scenario.name}" breaks one account in ${expectedHit(scenario)} on average (goal at least ${MIN_DAYS_TO_HIT} days)`);
    }
    if (pastLimit) failures.push(`${target.label}: ${pastLimit} TOTP checks past the per-challenge limit (goal 0)`);
  }
  verdict('proof:bruteforce', failures);
}

await main();
