import { describe, expect, it } from 'vitest';
import { budgetRule } from '../../../server/auth/send-rules';

describe('budgetRule (the sends-refused metric label)', () => {
  it('names the kind of budget, never whom it counts', () => {
    expect(budgetRule('send:+33612345678')).toBe('recipient');
    expect(budgetRule('send:ada@example.com')).toBe('recipient');
    expect(budgetRule('sms:ip:203.0.113.9')).toBe('sms:ip');
    expect(budgetRule('sms:user:0192f1c2-0000-7000-8000-000000000000')).toBe('sms:user');
    expect(budgetRule('sms:prefix:+3361234')).toBe('sms:prefix');
    expect(budgetRule('sms:country:FR')).toBe('sms:country');
    expect(budgetRule('sms:first-country:FR')).toBe('sms:first-country');
    expect(budgetRule('sms:proven:all')).toBe('sms:proven');
    expect(budgetRule('sms:all')).toBe('sms:all');
  });
});
