import { describe, expect, it } from 'vitest';
import { detectLanguage } from '../../../core/routes/languages';
import { readTrackingParams, saveTrackingParams } from '../../../core/routes/tracking-params';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
  };
}

describe('tracking params', () => {
  it('saves custom_code under its own key and utm values under their names', () => {
    const storage = memoryStorage();
    saveTrackingParams('?custom_code=SPRING&utm_source=google&utm_medium=cpc&other=1', storage);
    expect(Object.fromEntries(storage.map)).toEqual({ allo_checkout_custom_code: 'SPRING', utm_source: 'google', utm_medium: 'cpc' });
    expect(readTrackingParams(storage)).toEqual({ custom_code: 'SPRING', utm_source: 'google', utm_medium: 'cpc' });
  });

  it('ignores empty and oversized values', () => {
    const storage = memoryStorage();
    saveTrackingParams(`?utm_term=&utm_content=${'x'.repeat(500)}&utm_source=%20%20&utm_medium=${'y'.repeat(201)}`, storage);
    expect(storage.map.size).toBe(0);
  });

  it('trims a value and keeps it up to 200 characters', () => {
    const storage = memoryStorage();
    expect(saveTrackingParams(`?utm_source=%20google%20&utm_content=${'x'.repeat(200)}`, storage)).toEqual({ utm_source: 'google', utm_content: 'x'.repeat(200) });
  });

  it('survives a storage that throws', () => {
    const throwing = { setItem: () => { throw new Error('quota'); } };
    expect(saveTrackingParams('?utm_source=a', throwing)).toEqual({});
  });
});

describe('language detection', () => {
  it('prefers the stored choice, then the browser, then English', () => {
    expect(detectLanguage({ getItem: () => 'fr' }, ['en-US'])).toBe('fr');
    expect(detectLanguage({ getItem: () => null }, ['de-DE', 'fr-CA'])).toBe('fr');
    expect(detectLanguage({ getItem: () => 'xx' }, ['de'])).toBe('en');
  });
});
