import { useEffect } from 'react';
import { CODE_PATTERN } from '../../../core/auth-codes';

/**
 * WebOTP (Android Chrome): a texted code's SMS ends with "@host #code"; the browser offers the code
 * and `onCode` gets it when it has a code's shape. Once per recipient: a new SMS is a new request,
 * and `onCode` is the one given when it was made.
 */
export function useWebOtp(channel: 'sms' | 'email', recipient: string, onCode: (code: string) => void): void {
  useEffect(() => {
    if (channel !== 'sms' || !('OTPCredential' in window)) return;
    const abort = new AbortController();
    const request = { otp: { transport: ['sms'] }, signal: abort.signal } as CredentialRequestOptions;
    navigator.credentials
      .get(request)
      .then((credential) => {
        const value = (credential as (Credential & { code?: string }) | null)?.code;
        if (value && CODE_PATTERN.test(value)) onCode(value);
      })
      .catch(() => undefined);
    return () => abort.abort();
    // Once per recipient, as said above.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [recipient, channel]);
}
