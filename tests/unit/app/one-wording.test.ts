import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../../server/config/project-root';
import { localeText, type Lng } from '../../helpers/locale-text';

/**
 * #37.5: one action or one situation, one wording. The product said "Use another phone number or
 * email" on the sign-in page and "Use a different number or email" on the sign-up's code step; the
 * same scan of en and fr found more of the same sentence said with different words. Each group below
 * names the texts (namespace:key) that say one thing, and must read the same in each language.
 */
const sameWording: Record<string, string[]> = {
  'use another number or email (the code step, sign-in and sign-up)': ['auth:signIn.changeRecipient', 'landing:code.change'],
  'resend the code (sign-in and sign-up, the second step, adding a two-step phone)': ['auth:code.resend', 'auth:mfa.resend', 'account:twoStep.resend'],
  'resend countdown': ['auth:code.resendIn', 'auth:mfa.resendIn', 'account:twoStep.resendIn'],
  'the code was resent': ['auth:code.resent', 'auth:mfa.resent'],
  'send the code (sign-in, onboarding phone step)': ['auth:signIn.send', 'onboarding:verifyPhone.send'],
  'the mobile number field (two-step, onboarding phone step)': ['account:twoStep.phoneLabel', 'onboarding:verifyPhone.phoneLabel'],
  'the session ended': [
    'account:errors.UNAUTHORIZED',
    'account:errors.INVALID_TOKEN',
    'checkout:errors.UNAUTHORIZED',
    'checkout:errors.INVALID_TOKEN',
    'onboarding:errors.UNAUTHORIZED',
    'onboarding:errors.INVALID_TOKEN',
  ],
  'Ringwise could not be reached': [
    'account:errors.NETWORK_ERROR',
    'checkout:errors.NETWORK_ERROR',
    'onboarding:errors.NETWORK_ERROR',
    'auth:errors.network',
    'auth:mfa.errors.network',
    'passkeys:errors.network',
  ],
  'too many attempts (the API)': ['checkout:errors.RATE_LIMITED', 'onboarding:errors.RATE_LIMITED'],
  'too many attempts (the auth service)': ['auth:errors.over_request_rate_limit', 'onboarding:errors.over_request_rate_limit'],
  'the text message was not sent': ['auth:mfa.errors.sms_send_failed', 'onboarding:errors.sms_send_failed'],
  'something went wrong': ['auth:errors.unknown', 'auth:mfa.errors.unknown', 'common:errors.unknown', 'account:errors.UNKNOWN_ERROR', 'checkout:errors.UNKNOWN_ERROR', 'onboarding:errors.UNKNOWN_ERROR'],
  'start my free trial (the sign-up forms, the paywall, the hosted checkout)': ['landing:fields.submit', 'checkout:start', 'checkout:hosted.submit'],
  'start your free trial (links)': ['account:startTrial', 'auth:signIn.startTrial'],
  'remove a way to sign in (two-step method, passkey, provider)': ['account:twoStep.remove', 'passkeys:card.remove', 'social:waysIn.unlink'],
};

const languages = readdirSync(join(projectRoot(), 'locales')) as Lng[];

describe('one wording per action, in every language', () => {
  it('reads the locales of en and fr', () => {
    expect([...languages].sort()).toEqual(['en', 'fr']);
  });

  for (const lng of languages) {
    for (const [meaning, keys] of Object.entries(sameWording)) {
      it(`${lng}: ${meaning}`, () => {
        const texts = keys.map((key) => {
          const [ns = '', path = ''] = key.split(':');
          return localeText(lng, ns, path);
        });
        expect(new Set(texts), keys.map((key, index) => `${key} = ${texts[index]}`).join('\n')).toHaveProperty('size', 1);
      });
    }
  }

  it('en says "Use another number or email", not "a different" or "another phone number or email"', () => {
    expect(localeText('en', 'landing', 'code.change')).toBe('Use another number or email');
    expect(localeText('fr', 'landing', 'code.change')).toBe('Utiliser un autre numéro ou e-mail');
  });
});
