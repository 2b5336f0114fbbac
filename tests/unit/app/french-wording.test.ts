import { describe, expect, it } from 'vitest';
import { localeTexts } from '../../helpers/locale-texts';

describe('French texts (#26.8)', () => {
  const fr = localeTexts('fr');
  const en = localeTexts('en');

  it('use the curly apostrophe (’), never the straight one', () => {
    expect([...fr].filter(([, text]) => text.includes("'")).map(([key]) => key)).toEqual([]);
  });

  it('give each of the SPEC’s messages one wording: the phone and email accounts that exist, the wrong code', () => {
    const wordingsOf = (english: string) => new Set([...en].filter(([, text]) => text === english).map(([key]) => fr.get(key)));
    expect(wordingsOf('An account with this phone number already exists.')).toEqual(new Set(['Un compte avec ce numéro de téléphone existe déjà.']));
    expect(wordingsOf('An account with this email already exists.')).toEqual(new Set(['Un compte avec cet e-mail existe déjà.']));
    expect(wordingsOf('That code is not right. Check it and try again.')).toEqual(new Set(['Ce code n’est pas le bon. Vérifiez-le et réessayez.']));
  });

  it('name two-step verification one way ("validation en deux étapes")', () => {
    expect([...fr.values()].filter((text) => /double (validation|authentification)|deux facteurs/i.test(text))).toEqual([]);
  });
});
