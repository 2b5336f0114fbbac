import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MONEY_BACK_DAYS, TRIAL_DAYS } from '../../../core/payments/trial';

/**
 * The pages write the trial and the guarantee as words ("7-day free trial", "essai gratuit de 7
 * jours"), not through a variable, so translators keep natural sentences. This test ties every such
 * phrase to core/payments/trial.ts: changing a period there fails here until the copy says it too.
 */
const localesDir = join(import.meta.dirname, '../../../locales');
const texts = ['en', 'fr'].flatMap((lng) => readdirSync(join(localesDir, lng)).map((file) => ({ file: `${lng}/${file}`, text: readFileSync(join(localesDir, lng, file), 'utf8') })));

const trialPhrases = [/(\d+)-day (?:free )?trial/g, /essai (?:gratuit )?de (\d+) jours/gi];
const moneyBackPhrases = [/(\d+)-day money-back/g, /refund within (\d+) days/g, /rembours\w* (?:pendant|de|dans les) (\d+) jours/g];

function daysSaid(patterns: RegExp[]): { file: string; days: number }[] {
  return texts.flatMap(({ file, text }) => patterns.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => ({ file, days: Number(match[1]) }))));
}

describe('the copy says the periods the rule has', () => {
  it('every trial length written in en and fr is TRIAL_DAYS', () => {
    const said = daysSaid(trialPhrases);
    expect(said.length).toBeGreaterThan(10);
    expect(said.filter(({ days }) => days !== TRIAL_DAYS)).toEqual([]);
    expect(new Set(said.map(({ file }) => file.slice(0, 2)))).toEqual(new Set(['en', 'fr']));
  });

  it('every money-back period written in en and fr is MONEY_BACK_DAYS', () => {
    const said = daysSaid(moneyBackPhrases);
    expect(said.length).toBeGreaterThan(5);
    expect(said.filter(({ days }) => days !== MONEY_BACK_DAYS)).toEqual([]);
    expect(new Set(said.map(({ file }) => file.slice(0, 2)))).toEqual(new Set(['en', 'fr']));
  });
});
