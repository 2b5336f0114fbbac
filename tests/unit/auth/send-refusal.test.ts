import i18next from 'i18next';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cooldownMessage, requestLimitMessage } from '../../../core/auth-codes';
import { projectRoot } from '../../../server/config/project-root';
import { toAuthErrorCode } from '../../../src/platform/verification/otp';
import { refusalMessage, retryClock, retryWhen } from '../../../src/platform/verification/send-refusal';

const auth = (language: string) => JSON.parse(readFileSync(join(projectRoot(), 'locales', language, 'auth.json'), 'utf8')) as Record<string, unknown>;
const i18n = i18next.createInstance();
await i18n.init({ lng: 'en', fallbackLng: 'en', resources: { en: { auth: auth('en') }, fr: { auth: auth('fr') } }, interpolation: { escapeValue: false } });

/** An error as supabase-js hands it over (AuthApiError keeps code and message, not headers). */
const authError = (code: string, message: string) => Object.assign(new Error(message), { __isAuthError: true, code, status: code === 'captcha_failed' ? 400 : 429 });

// 20:31:00 local time on a fixed day.
const now = new Date(2026, 10, 27, 20, 31, 0).getTime();

describe('a refused code send, as the pages say it (#34.4)', () => {
  it('reads the 60 s wait and a budget apart from the answer alone, with the wait in the message', () => {
    expect(toAuthErrorCode(authError('over_sms_send_rate_limit', cooldownMessage(42)))).toEqual({ ok: false, code: 'over_sms_send_rate_limit', retryAfterSeconds: 42, refusal: { kind: 'cooldown', waitSeconds: 42 } });
    expect(toAuthErrorCode(authError('over_request_rate_limit', requestLimitMessage(2999)))).toEqual({ ok: false, code: 'over_request_rate_limit', retryAfterSeconds: 2999, refusal: { kind: 'limit', waitSeconds: 2999 } });
    expect(toAuthErrorCode(authError('captcha_failed', 'captcha protection: request disallowed (already used)'))).toEqual({ ok: false, code: 'captcha_failed' });
  });

  it('names the clock time to try again: seconds within two minutes, the day when it is not today', () => {
    expect(retryClock(42, now, 'en')).toEqual({ time: '08:31:42 PM' });
    expect(retryClock(42, now, 'fr')).toEqual({ time: '20:31:42' });
    expect(retryClock(2999, now, 'fr')).toEqual({ time: '21:20' });
    expect(retryClock(6 * 3600, now, 'fr')).toEqual({ time: '02:31', day: 'samedi' });
  });

  it('puts the day where each language does: "on Saturday at 02:31 AM", "samedi à 02:31"', () => {
    expect(retryWhen(i18n.getFixedT('en'), 6 * 3600, now, 'en')).toBe('on Saturday at 02:31 AM');
    expect(retryWhen(i18n.getFixedT('fr'), 6 * 3600, now, 'fr')).toBe('samedi à 02:31');
    expect(retryWhen(i18n.getFixedT('en'), 2999, now, 'en')).toBe('at 09:20 PM');
    // The budget crossing midnight, as the page says it (a run at 23:07 read "try again at Sunday 12:06 AM").
    const late = new Date(2026, 10, 28, 23, 7, 0).getTime();
    expect(refusalMessage(i18n.getFixedT('en'), { kind: 'limit', waitSeconds: 3540 }, { channel: 'sms', now: late, language: 'en' })).toBe(
      'We could not send a code to this number right now. You can try again on Sunday at 12:06 AM.',
    );
    expect(refusalMessage(i18n.getFixedT('fr'), { kind: 'limit', waitSeconds: 3540 }, { channel: 'sms', now: late, language: 'fr' })).toBe(
      'Nous ne pouvons pas envoyer de code à ce numéro pour le moment. Vous pourrez réessayer dimanche à 00:06.',
    );
  });

  it('never says a code was sent for a budget, and says the last code still works for the 60 s wait, in en and fr', () => {
    const limit = { kind: 'limit', waitSeconds: 2999 } as const;
    const en = refusalMessage(i18n.getFixedT('en'), limit, { channel: 'sms', now, language: 'en' });
    expect(en).toBe('We could not send a code to this number right now. You can try again at 09:20 PM.');
    const fr = refusalMessage(i18n.getFixedT('fr'), limit, { channel: 'email', now, language: 'fr' });
    expect(fr).toBe('Nous ne pouvons pas envoyer de code à cette adresse e-mail pour le moment. Vous pourrez réessayer à 21:20.');
    const cooldown = refusalMessage(i18n.getFixedT('en'), { kind: 'cooldown', waitSeconds: 42 }, { channel: 'sms', recipient: '06 12 34 56 78', now, language: 'en' });
    expect(cooldown).toMatch(/^A code was sent to 06 12 34 56 78 less than a minute ago and still works.* No new code was sent; you can ask for one at 08:31:42 PM\.$/);
    for (const text of [en, fr]) expect(text).not.toMatch(/We sent|Nous avons envoyé/);
    expect(refusalMessage(i18n.getFixedT('fr'), { kind: 'limit', waitSeconds: undefined }, { channel: 'sms', now, language: 'fr' })).toMatch(/réessayer dans quelques minutes\.$/);
  });
});
