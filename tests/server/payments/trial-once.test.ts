import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentsRetentionRules } from '../../../server/payments/data-lifecycle';
import { TRIAL_MARK_RETENTION_DAYS } from '../../../core/payments/trial-marks';
import type { SubscriptionResponse } from '../../../core/contracts/payments';
import { buildTestApp, manualClock } from '../../helpers/app';
import { setKycStatus } from '../../../server/api/profiles';
import { TrialMarks } from '../../../server/payments/trial-marks';
import { payForm, startCheckout } from './helpers';
import { createUser, type TestUser } from '../onboarding/users';

/**
 * #37.4: one free trial per person, kept after the account is erased (docs/decisions/3704-one-trial-per-person.md).
 * Real cards outside the documented test numbers (which everyone types and which mark nothing).
 */
const CARD_A = '4111 1111 1111 1111';
const CARD_B = '5105 1051 0510 5100';
const CARD_C = '4012 8888 8888 1881';
const DAY = 24 * 60 * 60 * 1000;

let serial = 0;
function identity(): { email: string; phone: string } {
  serial += 1;
  return { email: `trial${serial}-${Date.now()}@acme-widgets.com`, phone: `+3361234${String(1000 + serial).slice(-4)}` };
}

describe('one free trial per person, after erasure too (#37.4)', () => {
  const clock = manualClock(new Date('2026-05-04T09:00:00Z'));
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ clock });
  });
  afterAll(async () => {
    await app.close();
  });

  async function person(who: { email: string | null; phone: string | null }): Promise<TestUser> {
    const user = await createUser(app, { email: who.email, phone: who.phone, phoneConfirmed: true });
    await setKycStatus(app.db, user.id, 'VALIDATED');
    return user;
  }

  async function trialOffered(user: TestUser): Promise<boolean> {
    const answer = await app.inject({ method: 'GET', url: '/v1/subscription', headers: user.headers });
    expect(answer.statusCode).toBe(200);
    return (answer.json() as SubscriptionResponse).trialAvailable;
  }

  async function pay(user: TestUser, card: string, lng: 'en' | 'fr' = 'en') {
    const path = await startCheckout(app, user, `locale=${lng}&interval=yearly&plan=business&currency=EUR`);
    const session = await app.db.selectFrom('checkout_sessions').select(['trial']).where('id', '=', path.split('/')[2]!).executeTakeFirstOrThrow();
    const response = await app.inject({ method: 'POST', url: `${path}?lng=${lng}`, ...payForm(card) });
    const subscription = await app.db.selectFrom('subscriptions').select(['status']).where('user_id', '=', user.id).executeTakeFirst();
    return { sessionTrial: session.trial, response, status: subscription?.status ?? null, path };
  }

  async function erase(user: TestUser): Promise<void> {
    expect((await app.inject({ method: 'DELETE', url: '/v1/user', headers: user.headers })).statusCode).toBe(204);
    expect(await app.db.selectFrom('auth_users').select('id').where('id', '=', user.id).executeTakeFirst()).toBeUndefined();
  }

  it('delete, then sign up again with the same phone, email and card: no trial, and every path says so', async () => {
    const who = identity();
    const first = await person(who);
    expect(await trialOffered(first)).toBe(true);
    expect((await pay(first, CARD_A)).status).toBe('trialing');
    const marks = await app.db.selectFrom('trial_marks').select(['digest', 'kind']).execute();
    // Keyed hashes only: neither the number, the address nor the card number is readable in the table.
    const stored = JSON.stringify(marks);
    for (const value of [who.email, who.phone, who.phone.slice(1), CARD_A.replace(/ /g, '')]) expect(stored).not.toContain(value);
    await erase(first);
    expect(await app.db.selectFrom('trial_marks').select('digest').execute()).toEqual(expect.arrayContaining(marks.map(({ digest }) => ({ digest }))));

    const again = await person({ email: who.email, phone: who.phone });
    expect(await trialOffered(again)).toBe(false);
    const paid = await pay(again, CARD_A);
    expect(paid.sessionTrial).toBe(false);
    expect(paid.status).toBe('active');
    const charge = await app.db.selectFrom('charges').select(['status']).where('user_id', '=', again.id).executeTakeFirstOrThrow();
    expect(charge.status).toBe('succeeded');
  });

  it('the paywall and the hosted page say why, in en and fr', async () => {
    const en = (await import('../../../locales/en/checkout.json')).default;
    const fr = (await import('../../../locales/fr/checkout.json')).default;
    for (const texts of [en, fr]) {
      expect(texts.paid.subtitle).toMatch(/(deleted|supprimé)/);
      expect(texts.hosted.declined.trial_used.length).toBeGreaterThan(40);
    }
    const who = identity();
    const first = await person(who);
    await pay(first, CARD_B);
    await erase(first);
    const again = await person(who);
    const path = await startCheckout(app, again, 'locale=fr&interval=yearly&plan=business&currency=EUR');
    const page = await app.inject({ method: 'GET', url: `${path}?lng=fr` });
    expect(page.body).toContain(fr.hosted.noTrial.replace(/’/g, '&#39;').slice(0, 20));
    expect(page.body).not.toContain(fr.hosted.submit);
  });

  it('a new email and phone with a card that already had a trial: the hosted page refuses the trial and charges only when asked again', async () => {
    const first = await person(identity());
    await pay(first, CARD_C);
    await erase(first);
    const stranger = await person(identity());
    expect(await trialOffered(stranger)).toBe(true);
    const refused = await pay(stranger, CARD_C, 'en');
    expect(refused.sessionTrial).toBe(true);
    expect(refused.response.statusCode).toBe(409);
    expect(refused.response.body).toContain('This card, phone number or email address has already had a free trial');
    expect(refused.status).toBeNull();
    // Nothing was kept of the refused attempt: not its card, not a mark for the stranger's phone or email.
    expect(await app.db.selectFrom('payment_methods').select('id').where('user_id', '=', stranger.id).execute()).toEqual([]);
    // The same page now charges at once: the second submit pays the first period.
    const second = await app.inject({ method: 'POST', url: refused.path, ...payForm(CARD_C) });
    expect(second.statusCode).toBe(303);
    expect((await app.db.selectFrom('subscriptions').select('status').where('user_id', '=', stranger.id).executeTakeFirstOrThrow()).status).toBe('active');
  });

  it('the same phone with a new email and a new card: no trial (and the same email with a new phone)', async () => {
    const who = identity();
    const first = await person(who);
    await pay(first, '4000 0566 5566 5556');
    await erase(first);
    const samePhone = await person({ email: identity().email, phone: who.phone });
    expect(await trialOffered(samePhone)).toBe(false);
    const sameEmail = await person({ email: who.email, phone: identity().phone });
    expect(await trialOffered(sameEmail)).toBe(false);
  });

  it('all new (phone, email and card): a trial, as for anyone we cannot recognise', async () => {
    const stranger = await person(identity());
    expect(await trialOffered(stranger)).toBe(true);
    expect((await pay(stranger, '5454 5454 5454 5454')).status).toBe('trialing');
  });

  it('a claimed but unproven phone marks nothing and is not refused by one', async () => {
    const who = identity();
    const first = await person(who);
    await pay(first, '6011 1111 1111 1117');
    await erase(first);
    const claimant = await createUser(app, { email: identity().email, phone: who.phone, phoneConfirmed: false });
    await setKycStatus(app.db, claimant.id, 'VALIDATED');
    expect(await trialOffered(claimant)).toBe(true);
  });

  it('six accounts racing with one card: one trial, the others told so', async () => {
    const cardD = '5200 8282 8282 8210';
    const people = await Promise.all(Array.from({ length: 6 }, () => person(identity())));
    const paths = await Promise.all(people.map((user) => startCheckout(app, user)));
    const answers = await Promise.all(paths.map((path) => app.inject({ method: 'POST', url: path, ...payForm(cardD) })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([303, 409, 409, 409, 409, 409]);
    for (const answer of answers.filter((candidate) => candidate.statusCode === 409)) expect(answer.body).toContain('has already had a free trial');
    const trials = await app.db.selectFrom('subscriptions').select('status').where('user_id', 'in', people.map((user) => user.id)).execute();
    expect(trials).toEqual([{ status: 'trialing' }]);
  });

  it('hash inputs are written the one way: a number or an address as typed gives the proven one\'s mark', async () => {
    const marks = new TrialMarks(Buffer.from('a server secret of the test'));
    expect(marks.digest('phone', '+33 6 12 34 56 78')).toBe(marks.digest('phone', '+33612345678'));
    expect(marks.digest('email', ' Ann@Example.COM ')).toBe(marks.digest('email', 'ann@example.com'));
    // Kinds do not collide, and another server secret gives other marks (a leaked table proves nothing elsewhere).
    expect(marks.digest('card', '33612345678')).not.toBe(marks.digest('phone', '33612345678'));
    expect(new TrialMarks(Buffer.from('another secret')).digest('phone', '+33612345678')).not.toBe(marks.digest('phone', '+33612345678'));
  });

  it('the retention job removes a mark after its period, and only then', async () => {
    const rule = paymentsRetentionRules.find((candidate) => candidate.table === 'trial_marks')!;
    const now = app.clock.now();
    await sql`insert into trial_marks (digest, kind, recorded_at) values ('old-mark', 'card', ${new Date(now.getTime() - (TRIAL_MARK_RETENTION_DAYS + 1) * DAY)}),
      ('young-mark', 'card', ${new Date(now.getTime() - (TRIAL_MARK_RETENTION_DAYS - 1) * DAY)})`.execute(app.db);
    const { rows } = await sql<{ digest: string }>`select digest from trial_marks where digest in ('old-mark', 'young-mark') and ${rule.where(now, {} as never)!}`.execute(app.db);
    expect(rows).toEqual([{ digest: 'old-mark' }]);
  });
});
