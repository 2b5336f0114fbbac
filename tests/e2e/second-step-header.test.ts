import { describe, expect, it } from 'vitest';
import { advanceServerClock, codeFor, frenchMobile, outbox, signUpByApi, workEmail } from '../helpers/accounts';
import { newContext, viewports, watchPageErrors } from '../helpers/browser';
import { fillSignUpForm } from '../helpers/signup-form';
import { browserFile } from '../helpers/file-browser';
import { localeText, type Lng } from '../helpers/locale-text';
import { enrolTotpByApi, serverNow, totpAt } from '../helpers/mfa';

/**
 * #37.5: a returning person with two-step verification on who signs up again passes the second step
 * before anything is theirs; until then the header does not present them as signed in (it showed the
 * account menu over the second step). Once the authenticator's code is in, it does.
 */
describe('the header while a repeat sign-up waits for the second step', () => {
  const { baseURL, browser } = browserFile();

  // Once, in English at 1280 px (#40.3: it ran whole in en at 1280 px and in fr at 375 px): the
  // header reads the session, not the language or the width; the French code steps are walked in
  // tests/e2e/one-wording.test.ts at 375 px, and every en text has its fr one (tests/unit/app/locale-keys.test.ts).
  it('en 1280 px: no account menu over the second step, the account menu once it is passed', async () => {
    const lng: Lng = 'en';
    const phone = frenchMobile();
    const address = '10.37.5.1';
    const session = await signUpByApi(baseURL, { phone: phone.e164, email: workEmail(`second-step-${lng}`) }, { address });
    const secret = await enrolTotpByApi(baseURL, session.access_token, address);
    // The sign-up's text was less than a minute ago: the next one may go.
    await advanceServerClock(baseURL, 61);

    const context = await newContext(browser(), baseURL, { viewport: viewports.desktop, locale: 'en-US' });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await fillSignUpForm(page, lng, { email: workEmail(`again-${lng}`), firstName: 'Someone', lastName: 'Else', companyName: 'Other Company', phone: phone.e164 });
    const sent = (await outbox(baseURL, phone.e164)).length;
    await page.getByRole('button', { name: localeText(lng, 'landing', 'fields.submit') }).click();
    const code = page.getByLabel(localeText(lng, 'auth', 'code.label'));
    await code.fill(await codeFor(baseURL, phone.e164, sent));

    // The second step: signed in by the first factor only, which opens nothing.
    const step = page.getByRole('region', { name: localeText(lng, 'auth', 'mfa.title') });
    await step.waitFor();
    const banner = page.getByRole('banner');
    const accountMenu = banner.getByRole('button', { name: localeText(lng, 'common', 'shell.account'), exact: true });
    // The header has settled on what it shows (its sign-in link), and it is not the account menu.
    await banner.getByRole('link', { name: localeText(lng, 'common', 'shell.signIn'), exact: true }).waitFor();
    expect(await accountMenu.count()).toBe(0);

    // The authenticator's code (a later step than the enrolment's): now they are signed in.
    await step.getByLabel(localeText(lng, 'auth', 'code.label')).fill(await totpAt(secret, await serverNow(baseURL, 31)));
    await page.getByText(localeText(lng, 'auth', 'signup.returningPhone')).waitFor();
    await accountMenu.waitFor();
    expect(await banner.getByRole('link', { name: localeText(lng, 'common', 'shell.signIn'), exact: true }).count()).toBe(0);
    // The auth service's 4xx for the first factor's aal1 token is logged by Chromium; nothing else may be.
    expect(errors.filter((message) => !/status of 4\d\d/.test(message))).toEqual([]);
    await context.close();
  });
});
