import { describe, expect, it } from 'vitest';
import { CODE_LENGTH, CODE_PATTERN, CODE_SPACE, codeExpired, codeOf, resendCooldownLeft, sentAtFromWait, waitOrCooldown } from '../../../core/auth-codes';
import { otpCodeSchema } from '../../../core/contracts/auth';

describe('the code rules every side reads (core/auth-codes.ts)', () => {
  it('writes every drawn number as six digits, zeros first', () => {
    expect(CODE_LENGTH).toBe(6);
    expect(CODE_PATTERN.source).toBe(`^\\d{${CODE_LENGTH}}$`);
    expect(codeOf(0)).toBe('000000');
    expect(codeOf(42)).toBe('000042');
    expect(codeOf(CODE_SPACE - 1)).toBe('999999');
    for (const drawn of [0, 7, 123_456, CODE_SPACE - 1]) expect(CODE_PATTERN.test(codeOf(drawn))).toBe(true);
  });

  it('accepts six digits only, in the pattern and in the payload schema alike', () => {
    for (const code of ['123456', '000000']) {
      expect(CODE_PATTERN.test(code)).toBe(true);
      expect(otpCodeSchema.safeParse(code).success).toBe(true);
    }
    for (const code of ['12345', '1234567', '12345a', ' 123456', '']) {
      expect(CODE_PATTERN.test(code)).toBe(false);
      expect(otpCodeSchema.safeParse(code).success).toBe(false);
    }
  });

  it('counts the resend cooldown in whole seconds and the lifetime to the millisecond', () => {
    expect(resendCooldownLeft(0, 0)).toBe(60);
    expect(resendCooldownLeft(0, 59_001)).toBe(1);
    expect(resendCooldownLeft(0, 60_000)).toBe(0);
    expect(codeExpired(0, 10 * 60_000 - 1)).toBe(false);
    expect(codeExpired(0, 10 * 60_000)).toBe(true);
  });

  it('reads when the last code left from the wait a refusal names, the whole cooldown when it names none (#38.5)', () => {
    const now = 1_000_000;
    expect(waitOrCooldown(42)).toBe(42);
    expect(waitOrCooldown(undefined)).toBe(60);
    expect(sentAtFromWait(42, now)).toBe(now - 18_000);
    expect(resendCooldownLeft(sentAtFromWait(42, now), now)).toBe(42);
    expect(sentAtFromWait(undefined, now)).toBe(now);
  });
});
