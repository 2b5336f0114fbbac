import type * as Otp from './otp';

/**
 * The code send as the sign-up and sign-in forms reach it (#40): otp.ts (~0.7 KB compressed, with
 * its error mapping) is not needed to paint or type, so it is downloaded on intent (the forms'
 * preload: a focus or pointer-down in the form) or at the latest on the first send, never in the
 * forms' first render. It needs supabase-js, which the send loads then anyway.
 */
let loading: Promise<typeof Otp> | undefined;

export function loadOtp(): Promise<typeof Otp> {
  loading ??= import('./otp').catch((error: unknown) => {
    // A failed chunk download may succeed next time: do not keep the rejection.
    loading = undefined;
    throw error;
  });
  return loading;
}

/** otp.ts's `sendCode`, once its chunk is here. */
export async function sendCode(...args: Parameters<typeof Otp.sendCode>): ReturnType<typeof Otp.sendCode> {
  return (await loadOtp()).sendCode(...args);
}
