/**
 * `npm run proof:passkeys [-- --short]`: the attacks on passkeys (#36 part 4) against the real app,
 * each forged on the wire by a real software authenticator (tests/server/auth/passkey-authenticator.ts:
 * P-256 keys, 'none' attestations, assertions signed over authenticatorData‖SHA-256(clientData)), on
 * PGlite, on Postgres, and on two instances sharing one Postgres database (one assertion raced across
 * both). A control signs in legitimately first, so the matrix can see a success. Goal: the attacker
 * gets no session and no passkey on another account; every refusal is GoTrue's code.
 */
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { SoftAuthenticator, type AssertionOverrides } from '../../tests/server/auth/passkey-authenticator';
import type { ProofApp } from './lib/app';
import { signedUser, type ProofUser } from './lib/identities';
import { acrossTargets, onInstances } from './lib/instances';
import { short } from './lib/options';
import { attackVerdict, type AttackCase } from './lib/report';

/** The site every instance says it is (PUBLIC_URL: a domain, the relying party); requests go to each instance's port. */
const SITE = 'http://localhost:9';
const RACE = short ? 6 : 12;

let visitor = 0;
/** Each request from its own address (the proof app trusts loopback's X-Forwarded-For), so the per-address limits stay out of the way. */
const nextAddress = () => `10.${(visitor >> 8) & 255}.${visitor++ & 255}.9`;

async function call(app: ProofApp, path: string, body: unknown, user?: ProofUser): Promise<{ status: number; body: Record<string, unknown> }> {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01', 'x-forwarded-for': nextAddress(), ...(user?.headers ?? {}) };
  const response = await fetch(`${app.url}/auth/v1${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json().catch(() => ({}))) as Record<string, unknown> };
}

const describe = (answer: { status: number; body: Record<string, unknown> }) => (answer.body.access_token ? 'a session' : `${answer.status} ${String(answer.body.code ?? '')}`);

async function register(app: ProofApp, user: ProofUser, authenticator: SoftAuthenticator, finisher = user) {
  const started = await call(app, '/passkeys/registration/options', {}, user);
  const credential = authenticator.create(started.body.options as PublicKeyCredentialCreationOptionsJSON);
  return call(app, '/passkeys/registration/verify', { challenge_id: started.body.challenge_id, credential }, finisher);
}

async function signInOptions(app: ProofApp): Promise<{ challenge_id: string; options: PublicKeyCredentialRequestOptionsJSON }> {
  const answer = await call(app, '/passkeys/authentication/options', {});
  if (answer.status !== 200) throw new Error(`options answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body as never;
}

const verify = (app: ProofApp, challengeId: string, credential: unknown) => call(app, '/passkeys/authentication/verify', { challenge_id: challengeId, credential });

/** An assertion forged with these overrides, to a fresh challenge. */
async function forged(app: ProofApp, authenticator: SoftAuthenticator, attack: string, overrides: AssertionOverrides): Promise<AttackCase> {
  const started = await signInOptions(app);
  const answer = await verify(app, started.challenge_id, authenticator.get(started.options, overrides));
  return { attack, got: describe(answer), gained: Boolean(answer.body.access_token) };
}

async function attacks(apps: ProofApp[]): Promise<AttackCase[]> {
  const [first, second = first] = apps as [ProofApp, ProofApp?];
  const victim = await signedUser(first.app, first.url, 'passkey-victim');
  const attacker = await signedUser(first.app, first.url, 'passkey-attacker');
  const victimKey = new SoftAuthenticator({ origin: SITE });
  const attackerKey = new SoftAuthenticator({ origin: SITE });
  for (const [user, key] of [[victim, victimKey], [attacker, attackerKey]] as const) {
    const added = await register(first, user, key);
    if (added.status !== 200) throw new Error(`registration answered ${added.status}: ${JSON.stringify(added.body)}`);
  }
  const cases: AttackCase[] = [];
  // Control: the victim's own sign-in works (on the second instance when there are two).
  const control = await signInOptions(first);
  const signedIn = await verify(second, control.challenge_id, victimKey.get(control.options));
  cases.push({ attack: 'control: the owner signs in', got: describe(signedIn), gained: !signedIn.body.access_token });
  const replayed = victimKey.get(control.options);
  const again = await verify(first, control.challenge_id, { ...replayed });
  cases.push({ attack: 'assertion replayed to its spent challenge', got: describe(again), gained: Boolean(again.body.access_token) });
  const fresh = await signInOptions(first);
  const toFresh = await verify(second, fresh.challenge_id, replayed);
  cases.push({ attack: 'assertion replayed to a new challenge', got: describe(toFresh), gained: Boolean(toFresh.body.access_token) });
  const other = await signInOptions(first);
  cases.push(await forged(first, victimKey, 'answered to another challenge', { challenge: other.options.challenge }));
  cases.push(await forged(first, victimKey, 'from another origin', { origin: 'https://ringwise.example.evil' }));
  cases.push(await forged(first, victimKey, 'for another relying party', { rpId: 'evil.example' }));
  cases.push(await forged(first, victimKey, 'without user verification', { flags: 0x01 }));
  cases.push(await forged(first, victimKey, 'signature counter gone backwards', { counter: 0 }));
  attackerKey.credentials.push({ ...attackerKey.credentials[0]!, id: victimKey.credentials[0]!.id, userHandle: victimKey.credentials[0]!.userHandle });
  cases.push(await forged(first, attackerKey, "another user's credential id, signed with the attacker's key", { credentialId: victimKey.credentials[0]!.id }));
  cases.push(await forged(first, attackerKey, "the attacker's passkey claiming the victim's user handle", { credentialId: attackerKey.credentials[0]!.id, userHandle: Buffer.from(victim.id).toString('base64url') }));
  const planted = await register(first, victim, new SoftAuthenticator({ origin: SITE }), attacker);
  cases.push({ attack: "registration started by the victim's session, finished by another", got: `${planted.status} ${String(planted.body.code ?? '')}`, gained: planted.status === 200 });
  // One assertion sent RACE times at once, spread over the instances: one session at most.
  const raced = await signInOptions(first);
  const assertion = victimKey.get(raced.options);
  const answers = await Promise.all(Array.from({ length: RACE }, (_, index) => verify(apps[index % apps.length]!, raced.challenge_id, assertion)));
  const sessions = answers.filter((answer) => answer.body.access_token).length;
  cases.push({ attack: `one assertion ${RACE} times at once`, got: `${sessions} session(s)`, gained: sessions !== 1 });
  return cases;
}

const columns = await acrossTargets((target, twoInstances) => onInstances(target, twoInstances, { PUBLIC_URL: SITE }, attacks));
attackVerdict('proof:passkeys', columns);
