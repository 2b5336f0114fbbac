import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { LandingPage } from '../../../core/contracts/signup';
import type { EmailKind } from '../../../core/email/email-kind';
import { SignupError, type PendingCodeStep, type SignupOutcome, type SignupValues } from '../../../machines/signup.actors';
import { signupMachine } from '../../../machines/signup.machine';
import { cooldownMessage, requestLimitMessage, sendRefusalOf } from '../../../core/auth-codes';

/** A refused send as sendCode() reports it: the code, the wait, and which refusal (read by core's sendRefusalOf). */
function sendError(code: string, seconds: number): SignupError {
  const message = code === 'over_request_rate_limit' ? requestLimitMessage(seconds) : cooldownMessage(seconds);
  return new SignupError('auth', code, seconds, sendRefusalOf(code, message) ?? undefined);
}

const values: SignupValues = { email: 'jane@acme.com', firstName: 'Jane', lastName: 'Doe', companyName: 'Acme', phone: '+33612345678' };

function start(options: { kind?: EmailKind; classifyFailsOnce?: boolean; sendFails?: string; saveFails?: string[]; outcome?: SignupOutcome; returning?: boolean; restored?: PendingCodeStep } = {}) {
  const sent: SignupValues[] = [];
  const saved: SignupValues[] = [];
  const saveFailures = [...(options.saveFails ?? [])];
  const goToOnboarding = vi.fn();
  let classified = 0;
  const machine = signupMachine.provide({
    actors: {
      classifyEmail: fromPromise<EmailKind, { email: string }>(async ({ input }) => {
        classified += 1;
        if (options.classifyFailsOnce && classified === 1) throw new TypeError('Failed to fetch');
        return options.kind ?? (input.email.endsWith('@gmail.com') ? 'personal' : 'work');
      }),
      sendCode: fromPromise<void, { values: SignupValues; language: string; resend: boolean }>(async ({ input }) => {
        sent.push(input.values);
        if (options.sendFails) throw sendError(options.sendFails, 42);
      }),
      checkAccount: fromPromise<SignupOutcome, { values: SignupValues }>(async () => options.outcome ?? 'new'),
      saveAccount: fromPromise<{ returning: boolean }, { values: SignupValues; landingPage: LandingPage; language: string }>(async ({ input }) => {
        saved.push(input.values);
        const failure = saveFailures.shift();
        if (failure) throw new SignupError('api', failure);
        return { returning: options.returning ?? false };
      }),
    },
    actions: { goToOnboarding, rememberCodeStep: () => {}, forgetCodeStep: () => {} },
  });
  const actor = createActor(machine, { input: { landingPage: 'start', language: 'en', restored: options.restored ?? null } }).start();
  return { actor, sent, saved, goToOnboarding };
}

describe('sign-up chart', () => {
  it('goes from a work email to the code, the saved account and onboarding', async () => {
    const { actor, sent, saved, goToOnboarding } = start();
    actor.send({ type: 'form.submitted', values });
    await waitFor(actor, (s) => s.matches('enteringCode'));
    actor.send({ type: 'code.verified' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(sent).toHaveLength(1);
    expect(saved).toEqual([values]);
    expect(goToOnboarding).toHaveBeenCalledTimes(1);
  });

  it('sends one code for a double submit', async () => {
    const { actor, sent } = start();
    actor.send({ type: 'form.submitted', values });
    actor.send({ type: 'form.submitted', values });
    await waitFor(actor, (s) => s.matches('enteringCode'));
    actor.send({ type: 'form.submitted', values });
    expect(sent).toHaveLength(1);
  });

  it('asks about a personal email: change goes back, continue goes on and is remembered', async () => {
    const personal = { ...values, email: 'jane@gmail.com' };
    const { actor, sent } = start();
    actor.send({ type: 'form.submitted', values: personal });
    await waitFor(actor, (s) => s.matches('personalEmailPrompt'));
    actor.send({ type: 'prompt.changed' });
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'form.submitted', values: personal });
    await waitFor(actor, (s) => s.matches('personalEmailPrompt'));
    actor.send({ type: 'prompt.continued' });
    await waitFor(actor, (s) => s.matches('enteringCode'));
    // Back to the form (another number) and again: the accepted address is not questioned twice.
    actor.send({ type: 'code.changed' });
    actor.send({ type: 'form.submitted', values: personal });
    await waitFor(actor, (s) => s.matches('enteringCode'));
    expect(sent).toHaveLength(2);
  });

  it.each([
    ['disposable', 'disposable'],
    ['invalid', 'invalid'],
  ] as const)('refuses a %s email without sending a code', async (kind, code) => {
    const { actor, sent } = start({ kind });
    actor.send({ type: 'form.submitted', values });
    await waitFor(actor, (s) => s.matches('editing') && s.context.failure !== null);
    expect(actor.getSnapshot().context.failure).toEqual({ source: 'email', code });
    expect(sent).toHaveLength(0);
  });

  it('says when the email could not be checked (the free-mail list failed to download), and checks it again on the next submit', async () => {
    const { actor, sent } = start({ classifyFailsOnce: true });
    actor.send({ type: 'form.submitted', values });
    await waitFor(actor, (s) => s.matches('editing') && s.context.failure !== null);
    expect(actor.getSnapshot().context.failure).toEqual({ source: 'email', code: 'unchecked' });
    expect(sent).toHaveLength(0);
    actor.send({ type: 'form.submitted', values });
    await waitFor(actor, (s) => s.matches('enteringCode'));
    expect(actor.getSnapshot().context.failure).toBeNull();
    expect(sent).toEqual([values]);
  });

  it('drops a message or the prompt once the visitor edits the form', async () => {
    const { actor } = start({ kind: 'disposable' });
    actor.send({ type: 'form.submitted', values });
    await waitFor(actor, (s) => s.context.failure !== null);
    actor.send({ type: 'form.changed' });
    expect(actor.getSnapshot().context.failure).toBeNull();
    const personal = start();
    personal.actor.send({ type: 'form.submitted', values: { ...values, email: 'jane@gmail.com' } });
    await waitFor(personal.actor, (s) => s.matches('personalEmailPrompt'));
    personal.actor.send({ type: 'form.changed' });
    expect(personal.actor.getSnapshot().value).toBe('editing');
  });

  it('returns to the form with the auth code when the code cannot be sent', async () => {
    const { actor } = start({ sendFails: 'sms_send_failed' });
    actor.send({ type: 'form.submitted', values });
    await waitFor(actor, (s) => s.matches('editing') && s.context.failure !== null);
    expect(actor.getSnapshot().context.failure).toEqual({ source: 'auth', code: 'sms_send_failed', retryAfterSeconds: 42, at: expect.any(Number) });
  });

  it('a budget refusal is no code on its way: back to the form with the refusal and its wait, no code entry (#34.4)', async () => {
    const { actor } = start({ sendFails: 'over_request_rate_limit' });
    actor.send({ type: 'form.submitted', values });
    await waitFor(actor, (s) => s.matches('editing') && s.context.failure !== null);
    expect(actor.getSnapshot().context.failure).toMatchObject({ source: 'auth', code: 'over_request_rate_limit', refusal: { kind: 'limit', waitSeconds: 42 } });
    expect(actor.getSnapshot().context.sentAt).toBeNull();
  });

  it('a second submit while a code is on its way goes back to code entry, the countdown where it was', async () => {
    const { actor } = start({ sendFails: 'over_sms_send_rate_limit' });
    const before = Date.now();
    actor.send({ type: 'form.submitted', values });
    await waitFor(actor, (s) => s.matches('enteringCode'));
    // 42 s left of the 60 s cooldown: the code left 18 s ago.
    const sentAt = actor.getSnapshot().context.sentAt ?? 0;
    expect(before - sentAt).toBeGreaterThanOrEqual(18_000 - 50);
    expect(before - sentAt).toBeLessThanOrEqual(18_000 + 1_000);
    expect(actor.getSnapshot().context.failure).toBeNull();
    // The code screen says no new code was sent and the last one still works, not "We sent".
    expect(actor.getSnapshot().context.sentBefore).toBe(true);
  });

  it('says a proven email of another account before any code is sent', async () => {
    const { actor, sent } = start({ outcome: 'emailTaken' });
    actor.send({ type: 'form.submitted', values });
    await waitFor(actor, (s) => s.matches('editing') && s.context.failure !== null);
    expect(actor.getSnapshot().context.failure).toEqual({ source: 'api', code: 'EMAIL_ALREADY_EXISTS' });
    expect(sent).toHaveLength(0);
  });

  it('on /email-form, an email claimed by another sign-up is said first; going on sends the code', async () => {
    const { actor, sent } = start({ outcome: 'emailClaimed' });
    actor.send({ type: 'form.submitted', values: { email: values.email } });
    await waitFor(actor, (s) => s.matches('emailClaimedPrompt'));
    expect(sent).toHaveLength(0);
    actor.send({ type: 'prompt.changed' });
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'form.submitted', values: { email: values.email } });
    await waitFor(actor, (s) => s.matches('emailClaimedPrompt'));
    actor.send({ type: 'prompt.continued' });
    await waitFor(actor, (s) => s.matches('enteringCode'));
    expect(sent).toHaveLength(1);
  });

  it('a returning account is told so before going on, and nothing else happens', async () => {
    const { actor, goToOnboarding } = start({ outcome: 'returning', returning: true });
    actor.send({ type: 'form.submitted', values });
    await waitFor(actor, (s) => s.matches('enteringCode'));
    actor.send({ type: 'code.verified' });
    await waitFor(actor, (s) => s.matches('accountExists'));
    expect(goToOnboarding).not.toHaveBeenCalled();
    actor.send({ type: 'account.continued' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(goToOnboarding).toHaveBeenCalledTimes(1);
  });

  it('resumes a code step kept from before a reload, with its values and send time', () => {
    const { actor, sent } = start({ restored: { landingPage: 'start', values, sentAt: 1234 } });
    expect(actor.getSnapshot().value).toBe('enteringCode');
    expect(actor.getSnapshot().context).toMatchObject({ values, sentAt: 1234, restored: null });
    expect(sent).toHaveLength(0);
  });

  it('lets the visitor fix the form after an account conflict', async () => {
    const { actor } = start({ saveFails: ['EMAIL_ALREADY_EXISTS'] });
    actor.send({ type: 'form.submitted', values });
    await waitFor(actor, (s) => s.matches('enteringCode'));
    actor.send({ type: 'code.verified' });
    await waitFor(actor, (s) => s.matches('saveFailed'));
    actor.send({ type: 'form.reopened' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.failure).toBeNull();
  });

  it('shows a failed save with its code and retries it', async () => {
    const { actor, saved, goToOnboarding } = start({ saveFails: ['EMAIL_ALREADY_EXISTS'] });
    actor.send({ type: 'form.submitted', values });
    await waitFor(actor, (s) => s.matches('enteringCode'));
    actor.send({ type: 'code.verified' });
    await waitFor(actor, (s) => s.matches('saveFailed'));
    expect(actor.getSnapshot().context.failure).toMatchObject({ source: 'api', code: 'EMAIL_ALREADY_EXISTS' });
    actor.send({ type: 'save.retried' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(saved).toHaveLength(2);
    expect(goToOnboarding).toHaveBeenCalledTimes(1);
  });
});
