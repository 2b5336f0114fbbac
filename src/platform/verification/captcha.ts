import { publicConfig } from '../public-config';
import { setCaptchaChecking } from './CaptchaStatus';
import { phoneFormat } from '../../ui/phone-input/phone-format.lazy';
import { defaultCountryCode } from '../../lib/countries';

/** /config.json's `captcha` (server/public-config): which check the auth service asks for. */
export interface CaptchaSettings {
  provider: 'altcha' | 'turnstile' | 'hcaptcha' | 'off';
  siteKey?: string | null | undefined;
}

/** A check the browser could not run (the challenge did not load, the work failed): nothing was sent. */
export class CaptchaUnavailable extends Error {
  override name = 'CaptchaUnavailable';
}

/** A solved token with the moment its challenge stops being accepted (epoch ms). */
interface Ready {
  token: string;
  expiresAt: number;
}

/** A token this close to its expiry is solved again rather than sent to be refused. */
const EXPIRY_MARGIN_MS = 15_000;
/** A challenge without an expiry is still used once only; solved more than this ago, it is redone. */
const DEFAULT_LIFETIME_MS = 5 * 60_000;

function settings(): CaptchaSettings {
  // An older server's config has no `captcha`: it asks for none.
  return (publicConfig() as { captcha?: CaptchaSettings }).captcha ?? { provider: 'off' };
}

/**
 * The ALTCHA proof of work: GET /auth/v1/captcha/challenge, solved in Web Workers
 * (src/lib/proof-of-work). Each token is good for one send, so taking one starts the next.
 */
async function solveAltcha(country: string | undefined): Promise<Ready> {
  const { auth } = publicConfig();
  // The number's country, when known, prices the work as the send will be priced (server/auth/send-rules.ts).
  const query = country ? `?${new URLSearchParams({ country })}` : '';
  const response = await fetch(`${auth.url}/auth/v1/captcha/challenge${query}`, { headers: { accept: 'application/json', apikey: auth.publishableKey }, cache: 'no-store' });
  if (!response.ok) throw new CaptchaUnavailable(`the captcha challenge answered ${response.status}`);
  const challenge: unknown = await response.json();
  const { solveChallenge } = await import('../../lib/proof-of-work/solve');
  const token = await solveChallenge(challenge);
  const expiresAtSeconds = (challenge as { parameters?: { expiresAt?: unknown } }).parameters?.expiresAt;
  return { token, expiresAt: typeof expiresAtSeconds === 'number' ? expiresAtSeconds * 1000 : Date.now() + DEFAULT_LIFETIME_MS };
}

/** Turnstile or hCaptcha: the provider's own widget, loaded from its site only in that mode. */
async function solveWidget(current: CaptchaSettings): Promise<Ready> {
  const { widgetToken } = await import('./captcha-widgets');
  return widgetToken(current.provider as 'turnstile' | 'hcaptcha', current.siteKey ?? '');
}

let next: { ready: Promise<Ready> } | null = null;

function start(country?: string): NonNullable<typeof next> {
  const current = settings();
  const started = { ready: current.provider === 'altcha' ? solveAltcha(country) : solveWidget(current) };
  // A failed check is forgotten, so the next typing or send starts a fresh one.
  started.ready.catch(() => {
    if (next === started) next = null;
  });
  return started;
}

/** Starts the next token's work now if none is under way (idempotent: every keystroke may call it). */
export function prepareCaptchaToken(): void {
  if (settings().provider === 'off') return;
  next ??= start();
}

/**
 * The token for the send about to happen, or undefined when the server asks for none. Waits for the
 * work under way (screen readers hear "Checking your browser…" meanwhile), takes the token (one
 * send each) and starts the next one's work for a resend. With `fresh`, the work under way is set
 * aside and a challenge priced for `country` is solved (a send refused as underpaid is tried once
 * more so). Rejects with CaptchaUnavailable when the check could not run.
 */
export async function takeCaptchaToken(options: { fresh?: boolean; country?: string | undefined } = {}): Promise<string | undefined> {
  if (settings().provider === 'off') return undefined;
  let taken = (!options.fresh && next) || start(options.country);
  next = null;
  setCaptchaChecking(true);
  try {
    let ready = await taken.ready;
    // Solved long before the submit (a form left open): solved again rather than refused.
    if (ready.expiresAt - Date.now() < EXPIRY_MARGIN_MS) {
      taken = start();
      ready = await taken.ready;
    }
    return ready.token;
  } catch (error) {
    throw error instanceof CaptchaUnavailable ? error : new CaptchaUnavailable(String(error));
  } finally {
    setCaptchaChecking(false);
    prepareCaptchaToken();
  }
}

/**
 * A code send with its captcha token (`options.captchaToken`, single use: each send solves its own).
 * A token the server refuses (400 captcha_failed: expired, or priced for a quieter moment or country
 * than the number's) is replaced once by a fresh one priced for the number's country, so a person
 * whose country is under attack pays the higher price rather than reading an error. Nothing is
 * asked of the server when the browser could not run the check (`unavailable`). Returns the send's error.
 */
export async function sendWithCaptcha(phone: string | undefined, send: (captcha: { captchaToken?: string }) => Promise<unknown>): Promise<{ error: unknown } | { unavailable: true }> {
  let captcha = await tokenOrNothing();
  if (!captcha) return { unavailable: true };
  let error = await send(captcha);
  if (captcha.captchaToken && (error as { code?: unknown } | null)?.code === 'captcha_failed') {
    captcha = await tokenOrNothing({ fresh: true, country: phone ? countryOfPhone(phone) : undefined });
    if (!captcha) return { unavailable: true };
    error = await send(captcha);
  }
  return { error };
}

async function tokenOrNothing(options?: { fresh: boolean; country: string | undefined }): Promise<{ captchaToken?: string } | null> {
  try {
    const captchaToken = await takeCaptchaToken(options);
    return captchaToken === undefined ? {} : { captchaToken };
  } catch {
    return null;
  }
}

/** The country of an E.164 number, when the phone formatter is here (every phone form waits for it before sending). */
function countryOfPhone(phone: string): string | undefined {
  return phoneFormat()?.formatPhoneInput(phone, defaultCountryCode()).country;
}
