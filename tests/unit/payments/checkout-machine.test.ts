import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { CheckoutSessionResponse } from '../../../core/contracts/payments';
import { CheckoutError, type StartCheckoutInput } from '../../../machines/checkout.actors';
import { checkoutMachine } from '../../../machines/checkout.machine';

const input: StartCheckoutInput = { lng: 'fr', interval: 'monthly', plan: 'business', currency: 'EUR' };

function run(outcome: () => Promise<CheckoutSessionResponse>) {
  const redirects: string[] = [];
  const calls: StartCheckoutInput[] = [];
  const actor = createActor(
    checkoutMachine.provide({
      actors: {
        startCheckout: fromPromise<CheckoutSessionResponse, StartCheckoutInput>(async ({ input: given }) => {
          calls.push(given);
          return outcome();
        }),
      },
      actions: { redirect: (_, params) => void redirects.push(params.url) },
    }),
  ).start();
  return { actor, redirects, calls };
}

describe('checkout machine (Start my free trial)', () => {
  it('asks for the checkout address and leaves for it', async () => {
    const { actor, redirects, calls } = run(async () => ({ url: 'http://x/checkout/1', provider: 'local', note: null, promotion: null }));
    actor.send({ type: 'checkout.started', input });
    await waitFor(actor, (snapshot) => snapshot.matches('redirecting'));
    expect(calls).toEqual([input]);
    expect(redirects).toEqual(['http://x/checkout/1']);
  });

  it("keeps the visitor on the paywall with the server's code", async () => {
    const { actor, redirects } = run(async () => {
      throw new CheckoutError('KYC_REQUIRED');
    });
    actor.send({ type: 'checkout.started', input });
    await waitFor(actor, (snapshot) => snapshot.matches('idle') && snapshot.context.errorCode !== null);
    expect(actor.getSnapshot().context.errorCode).toBe('KYC_REQUIRED');
    expect(redirects).toEqual([]);
  });

  it('falls back to UNKNOWN_ERROR for errors without a code', async () => {
    const { actor } = run(async () => {
      throw new Error('boom');
    });
    actor.send({ type: 'checkout.started', input });
    await waitFor(actor, (snapshot) => snapshot.context.errorCode !== null);
    expect(actor.getSnapshot().context.errorCode).toBe('UNKNOWN_ERROR');
  });
});
