import { describe, expect, it } from 'vitest';
import { CODE_LIFETIME_MS, CODE_MAX_WRONG_TRIES } from '../../../core/auth-codes';
import { codeKind, refusedCodeReason } from '../../../src/platform/verification/code-check';

// The code step (CodeEntry): which code the server is asked to check, and what a refused one is said to be.
describe('codeKind', () => {
  it('checks a sign-in code by its channel', () => {
    expect(codeKind('signin', 'sms')).toBe('sms');
    expect(codeKind('signin', 'email')).toBe('email');
  });

  it('checks a change of the signed-in user’s phone or email as that change', () => {
    expect(codeKind('change', 'sms')).toBe('phone_change');
    expect(codeKind('change', 'email')).toBe('email_change');
  });
});

describe('refusedCodeReason', () => {
  const sentAt = Date.UTC(2026, 10, 27, 9, 0);

  it('calls a refused code wrong while it is young and tries remain', () => {
    expect(refusedCodeReason(sentAt, 1, sentAt + 30_000)).toBe('wrong');
    expect(refusedCodeReason(sentAt, CODE_MAX_WRONG_TRIES - 1, sentAt + 30_000)).toBe('wrong');
  });

  it('says the tries are used up from the last allowed wrong try', () => {
    expect(refusedCodeReason(sentAt, CODE_MAX_WRONG_TRIES, sentAt + 30_000)).toBe('tooManyTries');
  });

  it('says expired once the code has outlived its lifetime, whatever the tries', () => {
    expect(refusedCodeReason(sentAt, 1, sentAt + CODE_LIFETIME_MS + 1)).toBe('expired');
    expect(refusedCodeReason(sentAt, CODE_MAX_WRONG_TRIES, sentAt + CODE_LIFETIME_MS + 1)).toBe('expired');
  });
});
