/**
 * "Sign in faster next time" is offered once per person on this browser, after their trial starts:
 * answered (a passkey added, or "Not now"), it is not asked again. Kept in localStorage by user id
 * (an id, nothing personal); without storage it is simply offered again next time.
 */
const key = (userId: string) => `ringwise.passkeyOffer.${userId}`;

export function offerPending(userId: string): boolean {
  try {
    return window.localStorage.getItem(key(userId)) === null;
  } catch {
    return true;
  }
}

export function offerAnswered(userId: string): void {
  try {
    window.localStorage.setItem(key(userId), 'answered');
  } catch {
    // Storage refused (private mode): offered again next visit, nothing else lost.
  }
}
