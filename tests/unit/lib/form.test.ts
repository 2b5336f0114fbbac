import i18next from 'i18next';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { signupSchema } from '../../../core/contracts/signup';
import { projectRoot } from '../../../server/config/project-root';
import { createForm } from '../../../src/lib/form/form';

// The one form habit (src/lib/form, docs/forms.md): each behaviour proved once, on the sign-up's
// own schema (the one the server parses with), without a DOM: the store is what the hook renders.

const common = (language: string) => JSON.parse(readFileSync(join(projectRoot(), 'locales', language, 'common.json'), 'utf8')) as Record<string, unknown>;
const i18n = i18next.createInstance();
await i18n.init({ lng: 'en', fallbackLng: 'en', resources: { en: { common: common('en') }, fr: { common: common('fr') } }, interpolation: { escapeValue: false } });

const empty = { email: '', firstName: '', lastName: '', companyName: '', phone: '' };
const good = { email: 'ada@acme.com', firstName: 'Ada', lastName: 'Lovelace', companyName: 'Acme', phone: '+33612345678' };

/** A sign-up form; `afterRender` runs at once (no frames in node) and `root` is a fake <form>. */
function signupForm(language = 'en') {
  const focused: string[] = [];
  const root = { querySelector: (selector: string) => (selector === '[aria-invalid="true"]' ? { focus: () => focused.push('first invalid') } : null) };
  const form = createForm(
    {
      initial: empty,
      schema: () => signupSchema,
      message: (key) => (key.startsWith('validation.') ? i18n.getFixedT(language, 'common')(key) : `server:${key}`),
      codes: { EMAIL_ALREADY_EXISTS: 'email', PHONE_ALREADY_EXISTS: 'phone' },
    },
    (run) => run(),
  );
  form.ref(root as unknown as HTMLFormElement);
  return { form, focused };
}

describe('the form habit', () => {
  it('shows a field’s error once the field was left, and every error once a submit was tried', async () => {
    const { form } = signupForm();
    expect(form.errors()).toEqual({});
    form.set('email', 'not-an-email');
    expect(form.errors()).toEqual({});
    form.touch('email');
    expect(form.errors()).toEqual({ email: 'Invalid email address' });
    await form.submit(() => undefined);
    expect(form.errors()).toEqual({ email: 'Invalid email address', firstName: 'This field is required', lastName: 'This field is required', companyName: 'This field is required', phone: 'This field is required' });
    // After a submit, errors follow the typing.
    form.set('firstName', 'Ada');
    expect(form.errors().firstName).toBeUndefined();
  });

  it('moves focus to the first field in error on a refused submit, and sends nothing', async () => {
    const { form, focused } = signupForm();
    const send = vi.fn();
    await form.submit(send);
    expect(focused).toEqual(['first invalid']);
    expect(send).not.toHaveBeenCalled();
  });

  it('puts a server code on the field its table names (until that field is edited), and leaves other codes to the form', async () => {
    const { form, focused } = signupForm();
    for (const [field, value] of Object.entries(good)) form.set(field as keyof typeof good, value);
    await form.submit(() => expect(form.fail('EMAIL_ALREADY_EXISTS')).toBe(true));
    expect(form.errors()).toEqual({ email: 'server:EMAIL_ALREADY_EXISTS' });
    expect(focused).toEqual(['first invalid']);
    expect(form.fail('RATE_LIMITED')).toBe(false);
    form.set('email', 'grace@acme.com');
    expect(form.errors()).toEqual({});
  });

  it('is busy while sending the parsed payload, and sends once however often it is submitted', async () => {
    const { form } = signupForm();
    for (const [field, value] of Object.entries(good)) form.set(field as keyof typeof good, value);
    let answer = () => {};
    const send = vi.fn((_data: unknown) => new Promise<void>((resolve) => (answer = resolve)));
    const first = form.submit(send);
    expect(form.state().sending).toBe(true);
    await form.submit(send);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith(good);
    answer();
    await first;
    expect(form.state().sending).toBe(false);
  });

  it('says errors in the reader’s language (French)', async () => {
    const { form } = signupForm('fr');
    form.set('email', 'ada@');
    await form.submit(() => undefined);
    expect(form.errors()).toMatchObject({ email: 'Adresse e-mail invalide', firstName: 'Ce champ est obligatoire' });
  });

  it('checks nothing and sends nothing while the schema is still loading', async () => {
    const form = createForm({ initial: empty, schema: () => undefined, message: (key) => key }, (run) => run());
    const send = vi.fn();
    expect(await form.submit(send)).toBe(false);
    expect(send).not.toHaveBeenCalled();
    expect(form.errors()).toEqual({});
  });
});
