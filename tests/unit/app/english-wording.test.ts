import { describe, expect, it } from 'vitest';
import { localeTexts } from '../../helpers/locale-texts';

describe('English texts (#37.5)', () => {
  it('spell "canceled" the US way, as the product’s English is (never "cancelled" or "cancelling"; "cancellation" is US too)', () => {
    const british = [...localeTexts('en')].filter(([, text]) => /\bcancell(ed|ing)\b/i.test(text)).map(([key]) => key);
    expect(british).toEqual([]);
  });
});
