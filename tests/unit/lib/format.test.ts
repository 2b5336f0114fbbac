import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatTime } from '../../../core/format-date';

const firstOfDecember = new Date('2025-12-01T12:00:00Z');
const nineAm = new Date('2025-11-25T09:00:00Z');

describe('formatDate', () => {
  it('writes the first of the month as "1er" in French only', () => {
    expect(formatDate(firstOfDecember, 'fr', 'long', 'UTC')).toBe('1er décembre 2025');
    expect(formatDate(firstOfDecember, 'fr', 'full', 'UTC')).toBe('lundi 1er décembre 2025');
    expect(formatDate(new Date('2025-12-02T12:00:00Z'), 'fr', 'long', 'UTC')).toBe('2 décembre 2025');
    expect(formatDate(firstOfDecember, 'en', 'long', 'UTC')).toBe('December 1, 2025');
    expect(formatDate('2025-12-11T12:00:00Z', 'fr', 'long', 'UTC')).toBe('11 décembre 2025');
  });

  it('names the day for a coming slot', () => {
    expect(formatDate(nineAm, 'en', 'weekday', 'UTC')).toBe('Tuesday, November 25');
    expect(formatDate(nineAm, 'fr', 'weekday', 'UTC')).toBe('mardi 25 novembre');
  });

  it('joins day and time, with the French ordinal too', () => {
    expect(formatDateTime(firstOfDecember, 'fr', 'UTC')).toBe('lundi 1er décembre 2025 à 12:00');
  });
});

describe('formatTime', () => {
  it('uses the reader clock without a padded 12-hour hour', () => {
    expect(formatTime(nineAm, 'en', 'UTC')).toBe('9:00 AM');
    expect(formatTime(nineAm, 'fr', 'UTC')).toBe('09:00');
  });
});
