import { describe, expect, it } from 'vitest';
import { splitForStreaming } from '../../../server/greetings/sentences';

describe('splitForStreaming', () => {
  it('speaks the first sentence alone, then the rest in few pieces', () => {
    expect(splitForStreaming("Hi, you've reached Summit. We're out. Leave a message. Thanks!")).toEqual(["Hi, you've reached Summit.", "We're out. Leave a message. Thanks!"]);
  });

  it('cuts a long first sentence at its first comma', () => {
    const pieces = splitForStreaming('Thanks for calling Summit Builders, we are out on a job site right now and cannot pick up the phone. Bye.');
    expect(pieces).toEqual(['Thanks for calling Summit Builders,', 'we are out on a job site right now and cannot pick up the phone. Bye.']);
  });

  it('keeps pieces under about 300 characters and drops empty ones', () => {
    const sentence = 'Please leave your name and number after the tone and we will call you back. ';
    const pieces = splitForStreaming(`Hello. ${sentence.repeat(12)} ... !`);
    expect(pieces[0]).toBe('Hello.');
    expect(pieces.length).toBeGreaterThan(3);
    for (const piece of pieces) expect(piece.length).toBeLessThan(300 + sentence.length);
    expect(splitForStreaming(' ?! ')).toEqual([]);
  });
});
