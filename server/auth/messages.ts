import { OTP_TTL_MS } from './otp-codes';

type Lang = 'en' | 'fr';

const minutes = OTP_TTL_MS / 60_000;

const texts = {
  en: {
    sms: (code: string) => `Your Ringwise code is ${code}. It expires in ${minutes} minutes. Never share it.`,
    subject: 'Your Ringwise sign-in code',
    email: (code: string) => `Your Ringwise sign-in code is:\n\n    ${code}\n\nIt expires in ${minutes} minutes. If you did not ask for it, ignore this email.`,
    link: (url: string) => `\n\nOr sign in with this link:\n${url}`,
    recoverySubject: 'Your Ringwise account recovery code',
  },
  fr: {
    sms: (code: string) => `Votre code Ringwise est ${code}. Il expire dans ${minutes} minutes. Ne le partagez jamais.`,
    subject: 'Votre code de connexion Ringwise',
    email: (code: string) =>
      `Votre code de connexion Ringwise :\n\n    ${code}\n\nIl expire dans ${minutes} minutes. Si vous ne l'avez pas demandé, ignorez cet e-mail.`,
    link: (url: string) => `\n\nOu connectez-vous avec ce lien :\n${url}`,
    recoverySubject: 'Votre code de récupération Ringwise',
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
