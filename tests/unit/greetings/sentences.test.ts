import { describe, expect, it } from 'vitest';
import { splitForStreaming } from '../../../server/greetings/sentences';

describe('splitForStreaming', () => {
  it('speaks the first sentence alone, then the rest in few pieces', () => {
    expect(splitForStreaming("You've reached Summit. We're out. Leave a message. Thanks!")).toEqual(["You've reached Summit.", "We're out. Leave a message. Thanks!"]);
  });

  it('cuts the first sentence at its first comma, and speaks the rest of it alone', () => {
    expect(splitForStreaming("Hi, you've reached Summit. We're out. Leave a message. Thanks!")).toEqual(['Hi,', "you've reached Summit.", "We're out. Leave a message. Thanks!"]);
    expect(splitForStreaming('Bonjour, vous êtes bien chez Summit. Merci.')).toEqual(['Bonjour,', 'vous êtes bien chez Summit.', 'Merci.']);
    const pieces = splitForStreaming('Thanks for calling Summit Builders, we are out on a job site right now and cannot pick up the phone. Bye.');
    expect(pieces).toEqual(['Thanks for calling Summit Builders,', 'we are out on a job site right now and cannot pick up the phone.', 'Bye.']);
  });

  it('does not cut at a comma with nothing spoken on one side, nor inside a number', () => {
    expect(splitForStreaming(', hello there. Bye.')).toEqual([', hello there.', 'Bye.']);
    expect(splitForStreaming('We have 1,000 happy clients. Bye.')).toEqual(['We have 1,000 happy clients.', 'Bye.']);
  });

  it('keeps pieces under about 300 characters and drops empty ones', () => {
    const sentence = 'Please leave your name and number after the tone and we will call you back. ';
    const pieces = splitForStreaming(`Hello. ${sentence.repeat(12)} ... !`);
    expect(pieces[0]).toBe('Hello.');
    expect(pieces.length).toBeGreaterThan(3);
    for (const piece of pieces) expect(piece.length).toBeLessThan(300 + sentence.length);
    expect(splitForStreaming(' ?! ')).toEqual([]);
  });

  it('cuts a sentence longer than a piece at a comma or a space, so no engine call holds its thread for long (#25.6)', () => {
    const numbers = Array.from({ length: 120 }, (_, index) => `nine hundred ${index}`).join(' ');
    const pieces = splitForStreaming(`Hello. ${numbers}`);
    expect(pieces.join(' ')).toBe(`Hello. ${numbers}`);
    for (const piece of pieces) expect(piece.length).toBeLessThanOrEqual(300);
    const listed = splitForStreaming(`Hello. ${Array.from({ length: 60 }, () => 'one two three').join(', ')}.`);
    for (const piece of listed.slice(1, -1)) expect(piece).toMatch(/,$/);
    expect(splitForStreaming('x'.repeat(700))).toEqual(['x'.repeat(300), 'x'.repeat(300), 'x'.repeat(100)]);
  });
});
