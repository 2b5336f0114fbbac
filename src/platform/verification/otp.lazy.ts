import { lazyChunk } from '../../../core/lazy-chunk';
import type * as Otp from './otp';

/**
 * The code send as the sign-up and sign-in forms reach it (#40): otp.ts (~0.7 KB compressed, with
 * its error mapping) is not needed to paint or type, so it is downloaded on intent (the forms'
 * preload: a focus or pointer-down in the form) or at the latest on the first send, never in the
 * forms' first render. It needs supabase-js, which the send loads then anyway.
 */
const otpChunk = lazyChunk<typeof Otp>(() => import('./otp'));

export const loadOtp = (): Promise<typeof Otp> => otpChunk.load();

/** otp.ts's `sendCode`, once its chunk is here. */
export async function sendCode(...args: Parameters<typeof Otp.sendCode>): ReturnType<typeof Otp.sendCode> {
  return (await loadOtp()).sendCode(...args);
}
