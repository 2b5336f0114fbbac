import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { greetingErrorCodes, greetingSchema, spokenTextSchema } from '../../../core/contracts/greetings';
import type { DatabaseHandle } from '../../../server/db/client';
import { normalizeForSpeech } from '../../../server/greetings/normalize';
import { createTestDatabase } from '../../helpers/database';
import { manualClock } from '../../helpers/app';
import { greetingInstance, type HeldEngine } from './held-engine';
import { answerOnFakeClock } from './on-fake-clock';
import { prove } from './prove';

const ATTACKER = '203.0.113.66';
const VISITOR = '198.51.100.7';

let serial = 0;
/** A new script (never cached) of about `words` words, each a spoken number. */
function script(words: number): string {
  serial += 1;
  return `Call ${serial}. ${Array.from({ length: words }, (_, index) => `${(index % 9) + 1}00`).join(', ')}.`;
}

const spokenLength = (text: string) => normalizeForSpeech(text, 'en').length;

function greet(app: FastifyInstance, text: string, client: string) {
  return app.inject({ method: 'GET', url: `/greetings?${new URLSearchParams({ text, voice: 'aria', lang: 'en' })}`, headers: { 'x-forwarded-for': client } });
}

describe('the greeting cost budget (#25.6)', () => {
  let database: DatabaseHandle;
  const clock = manualClock();
  const open: { app: FastifyInstance; engine: HeldEngine }[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    for (const instance of open.splice(0)) await instance.app.close();
  });
  afterAll(() => database.close());

  async function instance(env: Parameters<typeof greetingInstance>[0]['env'] = {}) {
    const made = await greetingInstance({ database, clock, env });
    open.push(made);
    return made;
  }

  it("answers 429 at once when one address's greetings in the making are over its share, and serves another address meanwhile", async () => {
    const { app, engine } = await instance();
    // About 1,700 spoken characters each: about 11 s of synthesis; the address's share is 20 s.
    const long = () => script(120);
    expect(spokenLength(long())).toBeGreaterThan(1500);
    expect((await greet(app, long(), ATTACKER)).statusCode).toBe(200);
    const refused = await greet(app, long(), ATTACKER);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: greetingErrorCodes.clientBusy });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // Refused before any synthesis: the engine holds only the first greeting.
    expect(engine.inFlight).toBe(1);

    // Another address is not held up by the first one's greeting in the making.
    const visitor = await greet(app, script(10), VISITOR);
    expect(visitor.statusCode).toBe(200);
    expect(greetingSchema.parse(visitor.json()).status).toBe('rendering');
    expect(engine.inFlight).toBe(2);

    // Once its greeting is made, the first address may start another.
    engine.finishAll();
    await new Promise((resolve) => setImmediate(resolve));
    expect((await greet(app, long(), ATTACKER)).statusCode).toBe(200);
  });

  it('charges nothing for a greeting already being made or already made', async () => {
    const { app, engine } = await instance();
    const text = script(120);
    expect((await greet(app, text, ATTACKER)).statusCode).toBe(200);
    // The same greeting again, from the same address, joins the one in the making.
    expect((await greet(app, text, ATTACKER)).statusCode).toBe(200);
    expect(engine.started).toHaveLength(1);
    engine.finishAll();
    await new Promise((resolve) => setImmediate(resolve));
    const again = await greet(app, text, ATTACKER);
    expect(greetingSchema.parse(again.json()).status).toBe('ready');
    expect(engine.started).toHaveLength(1);
  });

  it('answers 429 with Retry-After when the instance has as much in the making as it takes, all addresses together', async () => {
    const { app, engine } = await instance({ GREETINGS_IN_FLIGHT_SECONDS: '3' });
    const withProof = async (text: string, client: string) =>
      app.inject({ method: 'GET', url: `/greetings?${new URLSearchParams({ text, voice: 'aria', lang: 'en', proof: await prove(app, text, client) })}`, headers: { 'x-forwarded-for': client } });
    // About 250 spoken characters, 1.7 s of synthesis: over half the share (1.5 s), so even the
    // first greeting needs a proof of work (#34.2).
    const first = script(16);
    expect(spokenLength(first)).toBeGreaterThan(230);
    expect((await greet(app, first, '192.0.2.1')).json()).toMatchObject({ code: greetingErrorCodes.proofRequired });
    expect((await withProof(first, '192.0.2.1')).statusCode).toBe(200);
    // Another address: without a proof refused at once; with one, past the whole share, it waits a
    // few seconds for room, then is refused with how long to wait.
    const text = script(16);
    const unproven = await greet(app, text, '192.0.2.2');
    expect(unproven.statusCode).toBe(429);
    expect(unproven.json()).toMatchObject({ code: greetingErrorCodes.proofRequired });
    // The wait for room runs on a fake clock (#40.3, as greetings-proof-of-work's).
    const proof = await prove(app, text, '192.0.2.2');
    const { answer: busy } = await answerOnFakeClock(() =>
      app.inject({ method: 'GET', url: `/greetings?${new URLSearchParams({ text, voice: 'aria', lang: 'en', proof })}`, headers: { 'x-forwarded-for': '192.0.2.2' } }),
    );
    expect(busy.statusCode).toBe(429);
    expect(busy.json()).toMatchObject({ code: greetingErrorCodes.capacityReached });
    expect(Number(busy.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(engine.started).toHaveLength(1);
  }, 30_000);

  it('refuses a script too long to read aloud, before any synthesis, and the spoken-text preview says why', async () => {
    const { app, engine } = await instance();
    // 1,000 written characters of 3-digit numbers: about 5,000 spoken.
    const numbers = Array.from({ length: 200 }, (_, index) => String(111 + index * 4)).join(', ').slice(0, 1000);
    const refused = await greet(app, numbers, ATTACKER);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: greetingErrorCodes.spokenTooLong });
    expect(engine.started).toHaveLength(0);
    const preview = spokenTextSchema.parse((await app.inject({ method: 'GET', url: `/greetings/spoken-text?${new URLSearchParams({ text: numbers, lang: 'en' })}` })).json());
    expect(preview.spokenCharacters).toBeGreaterThan(preview.maxSpokenCharacters);
  });

  it("counts each address's spoken characters per hour in the database, so a second instance refuses what the first spent", async () => {
    const env = { GREETINGS_CLIENT_CHARACTERS_PER_HOUR: '4000' };
    const first = await instance(env);
    const second = await instance(env);
    const text = () => script(120);
    // Its own addresses: the database keeps the hours the tests above started.
    const spender = '203.0.113.99';
    const other = '198.51.100.99';
    expect((await greet(first.app, text(), spender)).statusCode).toBe(200);
    first.engine.finishAll();
    expect((await greet(second.app, text(), spender)).statusCode).toBe(200);
    second.engine.finishAll();
    // About 3,400 characters spent across the two instances: the third greeting is over the hour.
    const refused = await greet(first.app, text(), spender);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: greetingErrorCodes.hourlyBudgetSpent });
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(3000);
    expect(wait).toBeLessThanOrEqual(3600);
    // Refused at once, and it holds nothing in flight.
    expect(first.engine.inFlight).toBe(0);
    // Another address has its own hour.
    expect((await greet(second.app, text(), other)).statusCode).toBe(200);
    second.engine.finishAll();
    // An hour later the address starts over.
    clock.advance(wait * 1000);
    expect((await greet(second.app, text(), spender)).statusCode).toBe(200);
  });

  it('reads digit runs of 309 and more without a 5xx on every greeting route', async () => {
    const { app, engine } = await instance();
    for (const length of [309, 400]) {
      const text = `Account ${'9'.repeat(length)}.`;
      const preview = await app.inject({ method: 'GET', url: `/greetings/spoken-text?${new URLSearchParams({ text })}` });
      expect(preview.statusCode).toBe(200);
      expect(spokenTextSchema.parse(preview.json()).spoken).toMatch(/^Account nine nine/);
      const made = await greet(app, text, `192.0.2.${length % 250}`);
      expect(made.statusCode).toBe(200);
      const greeting = greetingSchema.parse(made.json());
      engine.finishAll();
      for (const format of greeting.formats) {
        const audio = await app.inject({ method: 'GET', url: format.url, headers: { 'x-forwarded-for': `192.0.2.${length % 250}` } });
        expect(audio.statusCode).toBe(200);
      }
    }
  });
});
