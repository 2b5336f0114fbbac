import { CODE_LIFETIME_MS } from '../../core/auth-codes';

type Lang = 'en' | 'fr';

const minutes = CODE_LIFETIME_MS / 60_000;

const texts = {
  en: {
    sms: (code: string) => `Your Ringwise code is ${code}. It expires in ${minutes} minutes. Never share it.`,
    subject: 'Your Ringwise sign-in code',
    email: (code: string) => `Your Ringwise sign-in code is:\n\n    ${code}\n\nIt expires in ${minutes} minutes. If you did not ask for it, ignore this email.`,
    link: (url: string) => `\n\nOr sign in with this link:\n${url}`,
    recoverySubject: 'Your Ringwise account recovery code',
    confirmSubject: 'Confirm your email for Ringwise',
    confirm: (code: string, url: string) =>
      `Someone (we hope you) gave this address for a Ringwise account. Confirm it to sign in with it:\n\n${url}\n\nor enter this code on your account page:\n\n    ${code}\n\nIt expires in ${minutes} minutes. If it was not you, ignore this email: the address stays yours.`,
  },
  fr: {
    sms: (code: string) => `Votre code Ringwise est ${code}. Il expire dans ${minutes} minutes. Ne le partagez jamais.`,
    subject: 'Votre code de connexion Ringwise',
    email: (code: string) =>
      `Votre code de connexion Ringwise :\n\n    ${code}\n\nIl expire dans ${minutes} minutes. Si vous ne l'avez pas demandé, ignorez cet e-mail.`,
    link: (url: string) => `\n\nOu connectez-vous avec ce lien :\n${url}`,
    recoverySubject: 'Votre code de récupération Ringwise',
    confirmSubject: 'Confirmez votre e-mail pour Ringwise',
    confirm: (code: string, url: string) =>
      `Quelqu'un (vous, espérons-le) a donné cette adresse pour un compte Ringwise. Confirmez-la pour vous connecter avec :\n\n${url}\n\nou saisissez ce code sur la page de votre compte :\n\n    ${code}\n\nIl expire dans ${minutes} minutes. Si ce n'était pas vous, ignorez cet e-mail : l'adresse reste la vôtre.`,
  },
} as const;

export function languageOf(data: Record<string, unknown> | null | undefined): Lang {
  const value = data?.locale ?? data?.lang ?? data?.language;
  return typeof value === 'string' && value.toLowerCase().startsWith('fr') ? 'fr' : 'en';
}

/** The SMS text; its last line is the WebOTP origin-bound line (`@host #code`) so phones can fill it in. */
export function smsBody(code: string, host: string, lang: Lang): string {
  return `${texts[lang].sms(code)}\n\n@${host} #${code}`;
}

export function emailMessage(code: string, lang: Lang, options: { link?: string | null; recovery?: boolean } = {}) {
  return {
    subject: options.recovery ? texts[lang].recoverySubject : texts[lang].subject,
    body: texts[lang].email(code) + (options.link ? texts[lang].link(options.link) : ''),
  };
}

/** The email that proves ownership of an address given at sign-up (or changed later): a link and the same code. */
export function emailConfirmationMessage(code: string, lang: Lang, link: string) {
  return { subject: texts[lang].confirmSubject, body: texts[lang].confirm(code, link) };
}
