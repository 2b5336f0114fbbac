import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, manualClock } from '../../helpers/app';
import { createValidatedUser, startCheckout } from './helpers';

describe('hosted checkout page wording', () => {
  // The trial then ends on 1 December: French writes "1er décembre".
  const clock = manualClock(new Date('2025-11-24T09:00:00Z'));
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ clock });
  });
  afterAll(async () => {
    await app.close();
  });

  it('labels seats as their own row, gives the expiry placeholder in the page language and writes "1er"', async () => {
    const user = await createValidatedUser(app);
    const path = await startCheckout(app, user, 'locale=fr&interval=monthly&plan=starter&currency=EUR');
    const fr = (await app.inject({ method: 'GET', url: path })).body;
    expect(fr).toContain('<dt>Prix par utilisateur</dt><dd>29,00');
    expect(fr).toContain('<dt>Utilisateurs</dt><dd>1</dd>');
    expect(fr).toContain('placeholder="MM/AA"');
    expect(fr).not.toContain('MM/YY');
    expect(fr).toContain('1er décembre 2025');
    const en = (await app.inject({ method: 'GET', url: `${path}?lng=en` })).body;
    expect(en).toContain('<dt>Seats</dt><dd>1</dd>');
    expect(en).toContain('placeholder="MM/YY"');
    expect(en).toContain('December 1, 2025');
  });
});
