import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendEmailConfirmation } from './email-confirmation';
import { sendRefusal } from './send-rules';
import type { AuthUserRow } from './users';

/**
 * `PUT /user`'s new email (#34.4): the address is kept as the account's claim (`new_email`) and its
 * proof is sent. When the proof may not go yet (another sign-up mailed this address a moment ago, or
 * the address's hourly budget is spent), the claim stays and the answer is still the user, with
 * `email_change_retry_after`: the seconds until its code can be sent (the page says so, and asks
 * again then), instead of a 429 that read as "nothing happened" (supabase-js keeps no headers).
 * Returns those seconds, or null when the proof went out.
 */
export async function claimEmail(app: FastifyInstance, request: FastifyRequest, user: AuthUserRow, email: string, options: { redirectTo?: string | undefined }): Promise<number | null> {
  try {
    await sendEmailConfirmation(app, request, user, email, options);
    return null;
  } catch (error) {
    const refusal = sendRefusal(error);
    if (!refusal) throw error;
    // This account's own code for this address holds the wait: that code still works, and the 60 s
    // wait says so (the page opens the field for it) rather than holding a second claim.
    if (refusal.rule === 'cooldown' && user.new_email === email) throw error;
    return refusal.retryAfterSeconds;
  }
}

/** The field of the user answer that carries the wait (not GoTrue's; read by the sign-up and account pages). */
export const EMAIL_CHANGE_RETRY_AFTER = 'email_change_retry_after';
