import { useSyncExternalStore } from 'react';
import { sendEmailConfirmation, type EmailClaimResult, type SendResult } from './otp';

/**
 * An email claim whose confirmation code the server held back (#34.4: a second sign-up giving an
 * address that got a code a moment ago): kept in session storage with when the code may go, sent
 * then by this tab (reloads included), and read by the pages that say when it will come.
 */
export interface HeldClaim {
  email: string;
  language: string;
  /** When the code may be sent (epoch ms). */
  sendAt: number;
  /** Set once the held code went out. */
  sent?: boolean;
}

const KEY = 'ringwise:held-email-claim';
const listeners = new Set<() => void>();
let current: HeldClaim | null | undefined;
let timer: ReturnType<typeof setTimeout> | undefined;

function read(): HeldClaim | null {
  if (current !== undefined) return current;
  try {
    current = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as HeldClaim | null;
  } catch {
    current = null;
  }
  if (current && !current.sent) schedule(current);
  return current;
}

function write(next: HeldClaim | null): void {
  current = next;
  try {
    if (next) sessionStorage.setItem(KEY, JSON.stringify(next));
    else sessionStorage.removeItem(KEY);
  } catch {
    // Storage refused (a private window's quota): the claim still goes from this page.
  }
  for (const listener of listeners) listener();
}

function schedule(claim: HeldClaim): void {
  clearTimeout(timer);
  // A second past the server's wait, so the send is not refused again for a clock a beat behind.
  timer = setTimeout(() => void sendHeld(claim), Math.max(0, claim.sendAt - Date.now()) + 1000);
}

async function sendHeld(claim: HeldClaim): Promise<void> {
  const result = await sendEmailConfirmation(claim.email, claim.language).catch(() => null);
  if (result?.ok && result.heldSeconds) return holdEmailClaim(claim.email, claim.language, result.heldSeconds);
  // Sent, or refused for good (the address taken meanwhile): the account page offers a new code.
  write(result?.ok ? { ...claim, sent: true } : null);
}

/** Keeps a held claim and sends its code when the server allows it. */
export function holdEmailClaim(email: string, language: string, heldSeconds: number): void {
  const claim = { email, language, sendAt: Date.now() + heldSeconds * 1000 };
  write(claim);
  schedule(claim);
}

/** Sends an email claim; a held code is kept and sent later by this tab (see holdEmailClaim). */
export async function claimEmail(email: string, language: string): Promise<EmailClaimResult> {
  const result = await sendEmailConfirmation(email, language);
  if (result.ok && result.heldSeconds) holdEmailClaim(email, language, result.heldSeconds);
  return result;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** The held claim (or the one just sent), for the pages that say when its code comes. */
export function useHeldEmailClaim(): HeldClaim | null {
  return useSyncExternalStore(subscribe, read, () => null);
}

/**
 * "Send a new code" for an email claim, as a code field reads it: a held code is not a new one
 * (the last one still works, the held one goes when the wait ends), so it answers as the 60 s wait.
 */
export async function resendEmailClaim(email: string, language: string): Promise<SendResult> {
  const result = await claimEmail(email, language);
  if (!result.ok || !result.heldSeconds) return result.ok ? { ok: true } : result;
  return { ok: false, code: 'over_email_send_rate_limit', retryAfterSeconds: result.heldSeconds, refusal: { kind: 'cooldown', waitSeconds: result.heldSeconds } };
}
