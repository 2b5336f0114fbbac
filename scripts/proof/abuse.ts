/**
 * `npm run proof:abuse` (#25): the attacks an outside probe found, tried against the real app on
 * PGlite, on Postgres, and on two instances sharing one Postgres (the rate-limit store in the
 * database), with the budgets at their defaults. Each case prints what the attacker got; the verdict
 * fails when any hole is open. `--short` is the CI size.
 *
 *   planted factor      a phone factor planted by a first-factor session skips the owner's app
 *   stale token         an aal1 token older than its session's aal2 removes the verified factor
 *   confirmation link   the email-confirmation link or code opens the account's session
 *   concurrent sends    twelve sends to one phone at once (six per instance): codes left live
 *   texts, one address  texts one address gets to fresh numbers in an hour
 *   texts, 50 addresses texts 50 addresses get to fresh numbers of one country in an hour
 *   lookups             answers telling whether an account exists, from one address and from 50
 *   guess storm         the owner signs in with their code after other addresses' wrong guesses
 *   big metadata        user_metadata accepted (bytes) and the session cookie it makes
 *   people and bots     #34: botnets of 20 and 200, a person in the attacked country, an office of 50,
 *                       a captcha replayed on every instance, a live botnet paying real work
 *                       (lib/people-and-bots.ts)
 *   erasure             #41: a claimant's erasure, the erased token on the other instance, residue,
 *                       an erase-and-send loop, a booker without account (lib/erasure-attacks.ts)
 */
import { randomUUID } from 'node:crypto';
import { toE164 } from '../../core/phone/parse';
import { publishableKey } from '../bench/sessions';
import type { ProofApp } from './lib/app';
import type { ProofTarget } from './lib/databases';
import { erasureAttacks, erasureFailures } from './lib/erasure-attacks';
import { acrossTargets, onInstances } from './lib/instances';
import { short } from './lib/options';
import { peopleAndBots, peopleAndBotsFailures, sharedSecret, withCaptcha, type ProofDeps } from './lib/people-and-bots';
import { printMatrix, verdict, type Cell } from './lib/report';

interface Client {
  url: string;
  apikey: string;
}

/** One HTTP call as a given client address (X-Forwarded-For, believed from loopback by the proof app). */
async function call(client: Client, method: string, path: string, options: { ip: string; token?: string; body?: unknown }) {
  const response = await fetch(new URL(path, client.url), {
    method,
    redirect: 'manual',
    headers: {
      apikey: client.apikey,
      // The dev outbox answers only this machine's own requests (no forwarding header): ip ''.
      ...(options.ip ? { 'x-forwarded-for': options.ip } : {}),
      'x-supabase-api-version': '2024-01-01',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // not JSON (a redirect)
  }
  return { status: response.status, body, location: response.headers.get('location') ?? '' };
}

let blockSeed = Math.floor(Math.random() * 90) + 10;
/**
 * A valid French mobile number of a block of its own (the last four digits vary least). The blocks
 * are walked in order through +33 6… and +33 7…, skipping those France does not give out (+33 6 39…,
 * +33 6 90-94…, +33 6 96-97…, +33 70-72…) as the server's one phone rule says (core/phone/parse.ts):
 * a run of all three targets uses some 5,000 blocks, and the counter used to reach +33 6 39… during
 * the third, whose sends the server then refused as 400 validation_failed, not as a budget would.
 */
function freshFrenchMobile(): string {
  for (;;) {
    const block = blockSeed++ % 20_000;
    const phone = `+33${6 + Math.floor(block / 10_000)}${String(block % 10_000).padStart(4, '0')}${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
    if (toE164(phone) === phone) return phone;
  }
}
let addressSeed = 1;
const freshAddress = () => `10.${(addressSeed >> 16) & 255}.${(addressSeed >> 8) & 255}.${addressSeed++ & 255}`;

async function latestCode(client: Client, recipient: string): Promise<string> {
  const outbox = await call(client, 'GET', `/dev/outbox.json?recipient=${encodeURIComponent(recipient)}`, { ip: '' });
  return ((outbox.body.messages as { code: string }[] | undefined) ?? [])[0]?.code ?? '';
}
async function textsTo(client: Client, recipients: string[]): Promise<number> {
  let count = 0;
  for (const recipient of recipients) {
    const outbox = await call(client, 'GET', `/dev/outbox.json?recipient=${encodeURIComponent(recipient)}`, { ip: '' });
    count += ((outbox.body.messages as unknown[] | undefined) ?? []).length;
  }
  return count;
}

async function signInByText(client: Client, phone: string, ip = freshAddress()) {
  await call(client, 'POST', '/auth/v1/otp', { ip, body: { phone } });
  const verified = await call(client, 'POST', '/auth/v1/verify', { ip, body: { type: 'sms', phone, token: await latestCode(client, phone) } });
  return { token: String(verified.body.access_token ?? ''), refresh: String(verified.body.refresh_token ?? ''), ip };
}

/** The servers' clock offset (ms): moved forward on every instance alike, past cooldowns. */
let offsetMs = 0;

/** The authenticator app's code at the servers' time. */
async function totp(secret: string): Promise<string> {
  const { generate } = await import('otplib');
  return generate({ secret, epoch: Math.floor((Date.now() + offsetMs) / 1000) });
}

/** Moves every instance's clock forward (the dev clock; only this machine may) by the same amount. */
async function advance(instances: ProofApp[], seconds: number): Promise<void> {
  for (const instance of instances) {
    await fetch(new URL('/dev/clock', instance.url), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advanceSeconds: seconds }) });
  }
  offsetMs += seconds * 1000;
}

interface Findings {
  [name: string]: Cell;
}

async function attack(instances: ProofApp[]): Promise<Findings> {
  const apikey = await publishableKey(instances[0]!.url);
  const clients: Client[] = instances.map((instance) => ({ url: instance.url, apikey }));
  const a = clients[0]!;
  const b = clients[clients.length - 1]!;
  const found: Findings = {};

  // Planted factor: the attacker holds the first factor (the texted code) before the owner turns on an app.
  {
    const phone = freshFrenchMobile();
    const attacker = await signInByText(a, phone);
    const planted = await call(a, 'POST', '/auth/v1/factors', { ip: attacker.ip, token: attacker.token, body: { factor_type: 'phone', phone: freshFrenchMobile() } });
    await advance(instances, 61);
    const owner = await signInByText(b, phone);
    const app = await call(b, 'POST', '/auth/v1/factors', { ip: owner.ip, token: owner.token, body: { factor_type: 'totp', friendly_name: 'owner' } });
    const appId = String(app.body.id);
    const challenge = await call(b, 'POST', `/auth/v1/factors/${appId}/challenge`, { ip: owner.ip, token: owner.token, body: {} });
    await call(b, 'POST', `/auth/v1/factors/${appId}/verify`, { ip: owner.ip, token: owner.token, body: { challenge_id: challenge.body.id, code: await totp(String((app.body.totp as { secret: string }).secret)) } });
    await advance(instances, 61);
    const again = await signInByText(a, phone);
    const step = await call(a, 'POST', `/auth/v1/factors/${String(planted.body.id)}/challenge`, { ip: again.ip, token: again.token, body: {} });
    let skipped = false;
    if (step.status === 200) {
      const code = await latestCode(a, String(planted.body.phone ? `+${String(planted.body.phone)}` : ''));
      const verified = await call(a, 'POST', `/auth/v1/factors/${String(planted.body.id)}/verify`, { ip: again.ip, token: again.token, body: { challenge_id: step.body.id, code } });
      skipped = verified.status === 200 && Boolean(verified.body.access_token);
    }
    found['planted factor: second step skipped'] = skipped ? 'yes' : 'no';
  }

  // A stale aal1 token (issued before its session reached aal2) removes the verified factor.
  {
    const phone = freshFrenchMobile();
    const owner = await signInByText(a, phone);
    const app = await call(a, 'POST', '/auth/v1/factors', { ip: owner.ip, token: owner.token, body: { factor_type: 'totp' } });
    const challenge = await call(a, 'POST', `/auth/v1/factors/${String(app.body.id)}/challenge`, { ip: owner.ip, token: owner.token, body: {} });
    await call(a, 'POST', `/auth/v1/factors/${String(app.body.id)}/verify`, { ip: owner.ip, token: owner.token, body: { challenge_id: challenge.body.id, code: await totp(String((app.body.totp as { secret: string }).secret)) } });
    const removed = await call(b, 'DELETE', `/auth/v1/factors/${String(app.body.id)}`, { ip: owner.ip, token: owner.token });
    found['stale aal1 token: factor removed'] = removed.status === 200 ? 'yes' : 'no';
  }

  // The email-confirmation link and code: a session for whoever reads the typed inbox? (One
  // address for each: the link and the code of one message are one row, and using one spends both.)
  {
    const owner = await signInByText(a, freshFrenchMobile());
    const typedMessage = async () => {
      const typed = `typed-${randomUUID()}@ringwise-company.fr`;
      await call(a, 'PUT', '/auth/v1/user', { ip: owner.ip, token: owner.token, body: { email: typed } });
      const outbox = await call(a, 'GET', `/dev/outbox.json?recipient=${encodeURIComponent(typed)}`, { ip: '' });
      const message = ((outbox.body.messages as { code: string; body: string }[] | undefined) ?? [])[0];
      return { typed, code: message?.code ?? '', link: /token=([\w-]+)/.exec(message?.body ?? '')?.[1] ?? '' };
    };
    const forLink = await typedMessage();
    const link = await call(b, 'GET', `/auth/v1/verify?token=${forLink.link}&type=magiclink`, { ip: freshAddress() });
    const forCode = await typedMessage();
    const code = await call(b, 'POST', '/auth/v1/verify', { ip: freshAddress(), body: { type: 'email_change', email: forCode.typed, token: forCode.code } });
    found['confirmation link: session opened'] = link.location.includes('access_token') ? 'yes' : 'no';
    found['confirmation code: session opened'] = code.body.access_token ? 'yes' : 'no';
  }

  // Twelve sends to one phone at once, spread over the instances.
  {
    const phone = freshFrenchMobile();
    const answers = await Promise.all(Array.from({ length: 12 }, (_, index) => call(clients[index % clients.length]!, 'POST', '/auth/v1/otp', { ip: freshAddress(), body: { phone } })));
    found['concurrent sends: accepted of 12'] = answers.filter((answer) => answer.status === 200).length;
    found['concurrent sends: texts'] = await textsTo(a, [phone]);
  }

  // Lookups: a planted account, then as many questions as an address can ask on every route.
  {
    const knownPhone = freshFrenchMobile();
    await signInByText(a, knownPhone);
    const knownEmail = `known-${randomUUID()}@ringwise-company.fr`;
    const ask = async (ip: string, round: number) => {
      const anonymous = await call(a, 'POST', '/auth/v1/signup', { ip, body: {} });
      const token = String(anonymous.body.access_token ?? '');
      const client = clients[round % clients.length]!;
      const answers = await Promise.all([
        call(client, 'POST', '/v1/signup/check', { ip, body: { email: knownEmail, phone: knownPhone } }),
        call(client, 'PATCH', '/v1/user', { ip, token, body: { phone: { number: knownPhone } } }),
        call(client, 'PUT', '/auth/v1/user', { ip, token, body: { phone: knownPhone } }),
        call(client, 'POST', '/auth/v1/otp', { ip, body: { email: `nobody-${randomUUID()}@ringwise-company.fr`, create_user: false } }),
      ]);
      return answers.filter((answer) => answer.status !== 429 && answer.status < 500).length;
    };
    const rounds = short ? 20 : 60;
    const one = freshAddress();
    let answered = 0;
    for (let round = 0; round < rounds; round += 1) answered += await ask(one, round);
    found[`lookups answered, 1 address (${rounds * 4} asked)`] = answered;
    const fifty = Array.from({ length: 50 }, freshAddress);
    const perAddress = short ? 12 : 20;
    let answeredMany = 0;
    await Promise.all(
      fifty.map(async (ip) => {
        for (let round = 0; round < perAddress; round += 1) {
          // Read after the await: `x += await …` would add to the value from before it.
          const answered = await ask(ip, round);
          answeredMany += answered;
        }
      }),
    );
    found[`lookups answered, 50 addresses (${50 * perAddress * 4} asked)`] = answeredMany;
  }

  // A guess storm on the owner's code from 20 other addresses, then the owner types the code.
  {
    const phone = freshFrenchMobile();
    const owner = freshAddress();
    await call(a, 'POST', '/auth/v1/otp', { ip: owner, body: { phone } });
    const code = await latestCode(a, phone);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await Promise.all(Array.from({ length: 20 }, (_, index) => Promise.all(Array.from({ length: 5 }, () => call(clients[index % clients.length]!, 'POST', '/auth/v1/verify', { ip: `10.200.0.${index + 1}`, body: { type: 'sms', phone, token: wrong } })))));
    const signedIn = await call(b, 'POST', '/auth/v1/verify', { ip: owner, body: { type: 'sms', phone, token: code } });
    found['guess storm: owner signs in with their code'] = signedIn.status === 200 ? 'yes' : 'no';
  }

  // Big user_metadata, written with an aal1 token.
  {
    const owner = await signInByText(a, freshFrenchMobile());
    const put = await call(a, 'PUT', '/auth/v1/user', { ip: owner.ip, token: owner.token, body: { data: { note: 'x'.repeat(6_000) } } });
    found['6 KB user_metadata accepted'] = put.status === 200 ? 'yes' : 'no';
    const refreshed = await call(a, 'POST', '/auth/v1/token?grant_type=refresh_token', { ip: owner.ip, body: { refresh_token: owner.refresh } });
    found['session cookie, KB'] = Number((Buffer.from(JSON.stringify(refreshed.body)).toString('base64url').length / 1024).toFixed(1));
  }
  Object.assign(found, await erasureAttacks({ clients, db: instances[0]!.app.db, call, latestCode, signInByText, freshPhone: freshFrenchMobile, freshAddress }));

  // Last: pumping runs into the country's hourly budget, which then holds back everyone's texts to
  // that country for the rest of the hour (the price of a bound on what an attacker can cost).
  // Texts to fresh numbers: from one address, then from 50, each asking as often as it can.
  {
    const perAddress = short ? 14 : 30;
    const one = freshAddress();
    const numbers = Array.from({ length: perAddress }, freshFrenchMobile);
    for (const [index, phone] of numbers.entries()) await call(clients[index % clients.length]!, 'POST', '/auth/v1/otp', { ip: one, body: { phone } });
    found['texts in an hour, 1 address'] = await textsTo(a, numbers);
    // One account changing its phone again and again (each change texts the new number).
    const account = await signInByText(a, freshFrenchMobile());
    const changed = Array.from({ length: short ? 14 : 30 }, freshFrenchMobile);
    for (const [index, phone] of changed.entries()) await call(clients[index % clients.length]!, 'PUT', '/auth/v1/user', { ip: freshAddress(), token: account.token, body: { phone } });
    found['texts in an hour, 1 account'] = await textsTo(a, changed);
    const addresses = Array.from({ length: 50 }, freshAddress);
    const each = short ? 6 : 12;
    const many: string[] = [];
    await Promise.all(
      addresses.map(async (ip, index) => {
        for (let n = 0; n < each; n += 1) {
          const phone = freshFrenchMobile();
          many.push(phone);
          await call(clients[(index + n) % clients.length]!, 'POST', '/auth/v1/otp', { ip, body: { phone } });
        }
      }),
    );
    found[`texts in an hour, 50 addresses (${50 * each} asked)`] = await textsTo(a, many);
  }

  return found;
}

/** #34's helpers for lib/people-and-bots.ts: this script's clients, calls and clock. */
async function depsFor(instances: ProofApp[]): Promise<ProofDeps> {
  const apikey = await publishableKey(instances[0]!.url);
  return { clients: instances.map((instance) => ({ url: instance.url, apikey })), call, advance, freshPhone: freshFrenchMobile, freshAddress };
}

/** The attacks on one instance or two; `captcha` runs #34's captcha cases on instances with ALTCHA on instead. */
async function onTarget(target: ProofTarget, twoInstances: boolean, captcha = false): Promise<Findings> {
  offsetMs = 0;
  const env: Record<string, string> = captcha ? { CAPTCHA_PROVIDER: 'altcha', AUTH_SECRET: sharedSecret } : { AUTH_SECRET: sharedSecret };
  return onInstances(target, twoInstances, env, async (apps) => (captcha ? withCaptcha(await depsFor(apps)) : { ...(await attack(apps)), ...(await peopleAndBots(apps, await depsFor(apps))) }));
}

const columns = (await acrossTargets(async (target, twoInstances) => ({ ...(await onTarget(target, twoInstances)), ...(await onTarget(target, twoInstances, true)) }))).map(
  ({ label, result }) => ({ label, findings: result }),
);
printMatrix(columns.map(({ label, findings }) => ({ label, cells: findings })));

const failures: string[] = [];
for (const { label, findings } of columns) {
  const is = (name: string, value: Cell) => findings[name] === value;
  for (const name of ['planted factor: second step skipped', 'stale aal1 token: factor removed', 'confirmation link: session opened', 'confirmation code: session opened', '6 KB user_metadata accepted']) {
    if (!is(name, 'no')) failures.push(`${label}: ${name}`);
  }
  if (!is('concurrent sends: accepted of 12', 1) || !is('concurrent sends: texts', 1)) failures.push(`${label}: more than one of twelve concurrent sends went out`);
  if (!is('guess storm: owner signs in with their code', 'yes')) failures.push(`${label}: other addresses' guesses killed the owner's code`);
  if (Number(findings['texts in an hour, 1 address']) > 60) failures.push(`${label}: one address got more than 60 texts in an hour`);
  failures.push(...peopleAndBotsFailures(label, findings));
  if (Number(findings['texts in an hour, 1 account']) > 10) failures.push(`${label}: one account got more than 10 texts in an hour`);
  const lookupsOne = Object.entries(findings).find(([name]) => name.startsWith('lookups answered, 1 address'))?.[1];
  if (Number(lookupsOne) > 30) failures.push(`${label}: one address got more than 30 lookups answered in an hour`);
  failures.push(...erasureFailures(label, findings));
}
verdict('proof:abuse', failures);
