import { appRendered } from './browser';
import type { Page } from 'playwright-core';
import { localeText, type Lng } from './locale-text';

export interface SignUpValues {
  email: string;
  firstName: string;
  lastName: string;
  companyName: string;
  phone: string;
}

/** Opens /{lng}/form, waits for its first render and types the sign-up's five fields (the submit is the test's). */
export async function fillSignUpForm(page: Page, lng: Lng, values: SignUpValues): Promise<void> {
  await page.goto(`/${lng}/form`);
  await appRendered(page);
  const field = (key: string) => page.getByLabel(localeText(lng, 'landing', key), { exact: true });
  await field('fields.email').fill(values.email);
  await field('fields.firstName').fill(values.firstName);
  await field('fields.lastName').fill(values.lastName);
  await field('fields.companyName').fill(values.companyName);
  await field('fields.phone').fill(values.phone);
}
