import { describe, expect, it } from 'vitest';
import { applyPercentOff } from '../../../../core/payments/promotion';

/** The one price rule the paywall, the hosted checkout and billing share (#37.1). */
describe('applyPercentOff', () => {
  it('takes the percent off and rounds to the minor unit', () => {
    expect(applyPercentOff(4900, 10)).toBe(4410);
    expect(applyPercentOff(4999, 10)).toBe(4499); // 4499.1
    expect(applyPercentOff(1005, 10)).toBe(905); // 904.5 rounds up
    expect(applyPercentOff(47040, 25)).toBe(35280);
  });
  it('leaves the amount whole without a promotion', () => {
    expect(applyPercentOff(4900, null)).toBe(4900);
    expect(applyPercentOff(4900, undefined)).toBe(4900);
    expect(applyPercentOff(4900, 0)).toBe(4900);
  });
});
