import { describe, expect, it } from 'vitest';
import { ACCEPTED_FRACTION, LOAD_FACTOR, MAX_WORK, MIN_WORK, paysEnough, USE_FACTOR, WORK_PER_SYNTHESIS_SECOND, workPrice } from '../../../server/greetings/work-price';

// The greeting builder's price in proof of work (#34.2, docs/decisions/403-greeting-proof-of-work.md).
describe('workPrice', () => {
  const quiet = { load: 0, use: 0 };

  it('is proportional to the seconds of synthesis asked for on a quiet server', () => {
    expect(workPrice(2, quiet)).toBe(2 * WORK_PER_SYNTHESIS_SECOND);
    expect(workPrice(16, quiet)).toBe(8 * workPrice(2, quiet));
  });

  it('rises linearly with the instance load, up to LOAD_FACTOR times at a full instance', () => {
    expect(workPrice(2, { load: 1, use: 0 })).toBe(LOAD_FACTOR * workPrice(2, quiet));
    expect(workPrice(2, { load: 0.5, use: 0 })).toBe(((1 + LOAD_FACTOR) / 2) * workPrice(2, quiet));
    // Waiting greetings can push the load past its share: it counts as full, no more.
    expect(workPrice(2, { load: 3, use: 0 })).toBe(workPrice(2, { load: 1, use: 0 }));
  });

  it("doubles for each quarter of its hour an address has spent, up to USE_FACTOR times", () => {
    expect(workPrice(2, { load: 0, use: 0.25 })).toBe(2 * workPrice(2, quiet));
    expect(workPrice(2, { load: 0, use: 1 })).toBe(USE_FACTOR * workPrice(2, quiet));
    expect(workPrice(2, { load: 1, use: 1 })).toBe(LOAD_FACTOR * USE_FACTOR * workPrice(2, quiet));
  });

  it('stays within its bounds whatever it is given', () => {
    expect(workPrice(0, quiet)).toBe(MIN_WORK);
    expect(workPrice(-5, { load: -1, use: -1 })).toBe(MIN_WORK);
    expect(workPrice(10_000, { load: 1, use: 1 })).toBe(MAX_WORK);
    expect(workPrice(Number.NaN, { load: Number.NaN, use: Number.POSITIVE_INFINITY })).toBe(MAX_WORK);
    expect(Number.isInteger(workPrice(1.2345, { load: 0.3, use: 0.7 }))).toBe(true);
  });

  it("charges the longest greeting (2,500 spoken characters, 16.7 s of synthesis) 14 times an ordinary one's (180)", () => {
    const pressure = { load: 0.6, use: 0.1 };
    expect(workPrice(2500 / 150, pressure) / workPrice(180 / 150, pressure)).toBeCloseTo(2500 / 180, 1);
  });
});

describe('paysEnough', () => {
  it('accepts a proof that paid at least ACCEPTED_FRACTION of the price now, and refuses less', () => {
    expect(paysEnough(100_000, 100_000)).toBe(true);
    expect(paysEnough(100_000 * ACCEPTED_FRACTION, 100_000)).toBe(true);
    expect(paysEnough(100_000 * ACCEPTED_FRACTION - 1, 100_000)).toBe(false);
    // A quiet-server proof against a full instance's price (8x): refused.
    expect(paysEnough(workPrice(1.2, { load: 0, use: 0 }), workPrice(1.2, { load: 1, use: 0 }))).toBe(false);
  });
});
