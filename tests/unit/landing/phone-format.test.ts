import { describe, expect, it } from 'vitest';
import { changePhoneCountry, formatPhoneInput, phoneStateFromValue } from '../../../src/ui/phone-input/phone-format';

describe('phone formatting as you type', () => {
  it('formats a national number for the picked country and gives E.164', () => {
    expect(formatPhoneInput('0612345678', 'FR')).toEqual({ display: '06 12 34 56 78', value: '+33612345678', country: 'FR', valid: true });
    expect(formatPhoneInput('2015550123', 'US')).toMatchObject({ display: '(201) 555-0123', value: '+12015550123', valid: true });
  });

  it('reports partial numbers as not valid yet, and drops letters', () => {
    expect(formatPhoneInput('0612', 'FR')).toMatchObject({ display: '06 12', valid: false });
    expect(formatPhoneInput('abc', 'FR')).toMatchObject({ display: '', value: '', valid: false });
  });

  it('lets an international number pick its own country', () => {
    expect(formatPhoneInput('+44 20 7183 8750', 'FR')).toMatchObject({ value: '+442071838750', country: 'GB', valid: true });
  });

  it('handles area-code countries of the +1 plan', () => {
    expect(formatPhoneInput('268 464 1234', 'AG')).toMatchObject({ value: '+12684641234', country: 'AG', valid: true });
    expect(phoneStateFromValue('+12684641234', 'US')).toMatchObject({ country: 'AG', display: '(268) 464-1234' });
  });

  it('starts from a stored E.164 value, shown in national form', () => {
    expect(phoneStateFromValue('+33612345678', 'US')).toMatchObject({ display: '06 12 34 56 78', country: 'FR', valid: true });
    expect(phoneStateFromValue(undefined, 'DE')).toEqual({ display: '', value: '', country: 'DE', valid: false });
  });

  it('re-reads the digits when the country changes', () => {
    const typed = formatPhoneInput('06 12 34 56 78', 'FR');
    expect(changePhoneCountry(typed, 'BE')).toMatchObject({ country: 'BE', value: '+32612345678' });
  });
});
