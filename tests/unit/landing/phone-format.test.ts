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

  it('#37.5: the picker follows a number typed or prefilled after a +, even one its digits do not name a country for', () => {
    // +44 7700 900… is the UK's drama range: no country's valid number, still dialled into the UK.
    expect(formatPhoneInput('+44 7700 900123', 'US')).toMatchObject({ display: '+44 7700 900123', value: '+447700900123', country: 'GB', valid: false });
    expect(phoneStateFromValue('+447700900123', 'US')).toMatchObject({ country: 'GB' });
    expect(formatPhoneInput('+44', 'FR')).toMatchObject({ country: 'GB' });
    // A calling code shared by several countries keeps the picked one when it is among them.
    expect(formatPhoneInput('+1', 'CA')).toMatchObject({ country: 'CA' });
    expect(formatPhoneInput('+1', 'FR')).toMatchObject({ country: 'US' });
    // Until a calling code is whole, the picked country stays.
    expect(formatPhoneInput('+4', 'FR')).toMatchObject({ country: 'FR' });
  });

  it('#37.5: a national number is read in the given country, or left as written: never a + glued to it', () => {
    expect(phoneStateFromValue('0612345678', 'FR')).toEqual({ display: '06 12 34 56 78', value: '+33612345678', country: 'FR', valid: true });
    // Not a number of the United States: kept as written, not '+10612345678' (shown back as '+1 0612345678').
    expect(phoneStateFromValue('0612345678', 'US')).toEqual({ display: '0612345678', value: '0612345678', country: 'US', valid: false });
    const again = phoneStateFromValue(phoneStateFromValue('0612345678', 'US').value, 'US');
    expect(again.display).not.toMatch(/^\+/);
    expect(formatPhoneInput('06 12', 'FR')).toMatchObject({ display: '06 12', value: '06 12', valid: false });
  });

  it('re-reads the digits when the country changes', () => {
    const typed = formatPhoneInput('06 12 34 56 78', 'FR');
    expect(changePhoneCountry(typed, 'NL')).toMatchObject({ country: 'NL', value: '+31612345678', valid: true });
    // Not a Belgian number: kept as written with Belgium picked, not given Belgium's code.
    expect(changePhoneCountry(typed, 'BE')).toMatchObject({ country: 'BE', value: '0612345678', valid: false });
  });
});
