import { describe, expect, it } from 'vitest';
import { searchKey } from '../../../src/ui/phone-input/search-keys';

// The phone field's country search (WAI-ARIA combobox): what each key does to the highlighted option.
describe('searchKey', () => {
  it('moves the highlight with the arrows, wrapping at both ends', () => {
    expect(searchKey('ArrowDown', 0, 3)).toBe(1);
    expect(searchKey('ArrowDown', 2, 3)).toBe(0);
    expect(searchKey('ArrowUp', 1, 3)).toBe(0);
    expect(searchKey('ArrowUp', 0, 3)).toBe(2);
  });

  it('jumps to the first option with Home and the last with End', () => {
    expect(searchKey('Home', 5, 8)).toBe(0);
    expect(searchKey('End', 0, 8)).toBe(7);
  });

  it('has nothing to highlight when no country matches the search', () => {
    for (const key of ['ArrowDown', 'ArrowUp', 'Home', 'End']) expect(searchKey(key, 0, 0)).toBe(-1);
  });

  it('picks with Enter and closes with Escape', () => {
    expect(searchKey('Enter', 4, 8)).toBe('pick');
    expect(searchKey('Escape', 4, 8)).toBe('close');
  });

  it('leaves every other key to the search box', () => {
    for (const key of ['a', 'Backspace', 'Tab', 'ArrowLeft', ' ']) expect(searchKey(key, 0, 3)).toBeNull();
  });
});
