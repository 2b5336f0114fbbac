import { describe, expect, it } from 'vitest';
import { MemoryHitCounter } from '../../../server/rate-limits/hit-counter';
import { manualClock } from '../../helpers/app';

const HOUR = 3_600_000;

describe('MemoryHitCounter at its cap', () => {
  it('deletes expired windows first and keeps every live one when that makes room', async () => {
    const clock = manualClock();
    const counter = new MemoryHitCounter(clock, 10);
    for (let index = 0; index < 5; index += 1) await counter.hit(`short:${index}`, 1_000);
    for (let index = 0; index < 5; index += 1) await counter.hit(`long:${index}`, HOUR);
    clock.advance(2_000);
    await counter.hit('new', HOUR);
    expect(counter.size).toBe(6);
    expect((await counter.peek('long:0')).count).toBe(1);
  });

  it('when every window is live, lets the longest-started go down to nine tenths of the cap, not one per new key', async () => {
    const clock = manualClock();
    const counter = new MemoryHitCounter(clock, 20);
    for (let index = 0; index < 20; index += 1) {
      await counter.hit(`key:${index}`, HOUR);
      clock.advance(1);
    }
    // A hit inside a live window counts there and does not move it.
    expect((await counter.hit('key:0', HOUR)).count).toBe(2);
    await counter.hit('new:1', HOUR);
    expect(counter.size).toBe(19);
    expect((await counter.peek('key:0')).count).toBe(0);
    expect((await counter.peek('key:1')).count).toBe(0);
    expect((await counter.peek('key:2')).count).toBe(1);
    expect((await counter.peek('new:1')).count).toBe(1);
    // Room was made for more than one: the next new key evicts nothing.
    await counter.hit('new:2', HOUR);
    expect(counter.size).toBe(20);
    expect((await counter.peek('key:2')).count).toBe(1);
  });

  it('a restarted window counts as started now', async () => {
    const clock = manualClock();
    const counter = new MemoryHitCounter(clock, 10);
    await counter.hit('first', 1_000);
    for (let index = 0; index < 9; index += 1) await counter.hit(`key:${index}`, HOUR);
    clock.advance(2_000);
    await counter.hit('first', HOUR);
    await counter.hit('new', HOUR);
    expect((await counter.peek('first')).count).toBe(1);
    expect((await counter.peek('key:0')).count).toBe(0);
  });
});
