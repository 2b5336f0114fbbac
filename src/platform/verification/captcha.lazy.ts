/**
 * The browser check (captcha.ts) as the forms and the send paths reach it: loaded on first use, after
 * the first render, so the landing pages' budgets do not carry it.
 */
const load = () => import('./captcha');

/**
 * Starts the check in the background when the person starts typing on a form that will send a
 * code (sign-up, sign-in, a resend), so it is done by the time they submit. Cheap to call often.
 */
export function prepareCaptcha(): void {
  void load()
    .then((captcha) => captcha.prepareCaptchaToken())
    .catch(() => undefined);
}

