import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { reviewMachine } from '../../../machines/onboarding.review.machine';
import type { KycStatus } from '../../../core/contracts/user';

function start(decisions: Array<KycStatus | null | Error>) {
  const continueToCheckout = vi.fn();
  const goHome = vi.fn();
  const signOut = vi.fn(async () => undefined);
  const machine = reviewMachine.provide({
    actors: {
      fetchKycStatus: fromPromise<KycStatus | null, void>(async () => {
        const next = decisions.shift() ?? null;
        if (next instanceof Error) throw next;
        return next;
      }),
      signOut: fromPromise<void, void>(signOut),
    },
    actions: { continueToCheckout, goHome },
  });
  return { actor: createActor(machine).start(), continueToCheckout, goHome, signOut };
}

describe('identity review waiting room chart', () => {
  it('stays in review while pending, picks up VALIDATED on a re-check and goes on to checkout', async () => {
    const { actor, continueToCheckout, goHome } = start(['PENDING_REVIEW', 'PENDING_REVIEW', 'VALIDATED']);
    await waitFor(actor, (s) => s.matches('underReview'));
    expect(actor.getSnapshot().context.kycStatus).toBe('PENDING_REVIEW');
    actor.send({ type: 'review.recheck' });
    await waitFor(actor, (s) => s.matches('underReview'));
    actor.send({ type: 'review.recheck' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('validated');
    expect(continueToCheckout).toHaveBeenCalledTimes(1);
    expect(goHome).not.toHaveBeenCalled();
  });

  it('a failed look-up is not a decision; sign-out goes home signed out, not back to review', async () => {
    const { actor, continueToCheckout, goHome, signOut } = start([new Error('offline')]);
    await waitFor(actor, (s) => s.matches('underReview'));
    actor.send({ type: 'review.signOut' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(goHome).toHaveBeenCalledTimes(1);
    expect(continueToCheckout).not.toHaveBeenCalled();
  });
});
