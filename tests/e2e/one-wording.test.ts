import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { advanceServerClock, frenchMobile, signUpByApi, workEmail } from '../helpers/accounts';
import { appRendered, newContext, viewports, watchPageErrors } from '../helpers/browser';
import { fillSignUpForm } from '../helpers/signup-form';
import { browserFile } from '../helpers/file-browser';
import { localeText, type Lng } from '../helpers/locale-text';

/**
 * #37.5: "use another number or email" was said two ways (the sign-up's code step: "Use a different
 * number or email"; the sign-in's: "Use another phone number or email"). Both code steps are walked
 * here (in French) and what each page shows is compared: one wording.
 */
describe('one wording for "use another number or email" on both code steps', () => {
  const { baseURL, browser } = browserFile();

  /** The text of the code step's way back to the address, as the page shows it. */
  async function wayBack(page: Page, lng: Lng, ns: string, key: string): Promise<string> {
    await page.getByLabel(localeText(lng, 'auth', 'code.label')).waitFor();
    const button = page.getByRole('button', { name: localeText(lng, ns, key), exact: true });
    return (await button.innerText()).trim();
  }

  // One walk, in French at 375 px (#40.3: it ran whole in en at 1280 px and in fr at 375 px): the
  // page shows each step's own key, so one language proves both steps read theirs. That the two keys
  // hold one wording in each language is tests/unit/app/one-wording.test.ts's (a rule on the locale
  // files, no browser needed), and every en key has its fr one: tests/unit/app/locale-keys.test.ts.
  it('fr 375 px: the sign-up\'s and the sign-in\'s code steps say "Utiliser un autre numéro ou e-mail"', async () => {
    const lng: Lng = 'fr';
    const wording = 'Utiliser un autre numéro ou e-mail';
    const context = await newContext(browser(), baseURL, { viewport: viewports.phone, locale: 'fr-FR' });
    const page = await context.newPage();
    const errors = watchPageErrors(page);

    // The sign-up's code step, for a number nobody has.
    await fillSignUpForm(page, lng, { email: workEmail(`wording-${lng}`), firstName: 'Ada', lastName: 'Lovelace', companyName: 'Acme Widgets', phone: frenchMobile().e164 });
    await page.getByRole('button', { name: localeText(lng, 'landing', 'fields.submit') }).click();
    const onSignUp = await wayBack(page, lng, 'landing', 'code.change');

    // The sign-in's code step, for someone who has an account.
    const phone = frenchMobile().e164;
    await signUpByApi(baseURL, { phone, email: workEmail(`wording-in-${lng}`) }, { address: '10.37.6.2' });
    // The sign-up's text was less than a minute ago: the next one may go.
    await advanceServerClock(baseURL, 61);
    await page.goto(`/${lng}/sign-in-otp?${new URLSearchParams({ phone })}`);
    await appRendered(page); // a prerendered page: its Send button is the app's once it has rendered
    await page.getByRole('button', { name: localeText(lng, 'auth', 'signIn.send') }).click();
    const onSignIn = await wayBack(page, lng, 'auth', 'signIn.changeRecipient');

    expect([onSignUp, onSignIn]).toEqual([wording, wording]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
