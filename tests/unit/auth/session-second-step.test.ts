import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { hasVerifiedFactor } from '../../../machines/session.machine';
import { aal1, aal1WithFactor, aal2, fakeSession, now, pendingSessionMachine } from './session-model';

const started = () => createActor(pendingSessionMachine, { input: { now } }).start();

describe('session chart: the second step (MFA)', () => {
  it('signed in by a first factor with a verified second one: the second step is due', () => {
    const actor = started();
    actor.send({ type: 'SIGNED_IN', session: aal1WithFactor });
    expect(actor.getSnapshot().matches({ signedIn: 'secondStepDue' })).toBe(true);
  });

  it('an unverified factor (an enrolment left half way) does not ask for a second step', () => {
    const actor = started();
    const halfEnrolled = { ...aal1, user: { ...aal1.user, factors: [{ status: 'unverified' }] } };
    actor.send({ type: 'SIGNED_IN', session: halfEnrolled });
    expect(actor.getSnapshot().matches({ signedIn: 'aal1' })).toBe(true);
    expect(hasVerifiedFactor(halfEnrolled)).toBe(false);
  });

  it('the second step verified (MFA_CHALLENGE_VERIFIED): aal2, the new session kept', () => {
    const actor = started();
    actor.send({ type: 'SIGNED_IN', session: aal1WithFactor });
    const lifted = fakeSession({ aal: 'aal2', verifiedFactor: true });
    actor.send({ type: 'MFA_CHALLENGE_VERIFIED', session: lifted });
    expect(actor.getSnapshot().matches({ signedIn: 'aal2' })).toBe(true);
    expect(actor.getSnapshot().context.session).toBe(lifted);
  });

  it('a refresh while the second step is due keeps it due (the new token is still aal1)', () => {
    const actor = started();
    actor.send({ type: 'SIGNED_IN', session: aal1WithFactor });
    actor.send({ type: 'TOKEN_REFRESHED', session: fakeSession({ aal: 'aal1', verifiedFactor: true, issuedSecondsAgo: 1 }) });
    expect(actor.getSnapshot().matches({ signedIn: 'secondStepDue' })).toBe(true);
  });

  it('enrolling the first factor (its first verify) lifts aal1 to aal2', () => {
    const actor = started();
    actor.send({ type: 'SIGNED_IN', session: aal1 });
    actor.send({ type: 'MFA_CHALLENGE_VERIFIED', session: aal2 });
    expect(actor.getSnapshot().matches({ signedIn: 'aal2' })).toBe(true);
  });

  it('signing out from the second step forgets the session', () => {
    const actor = started();
    actor.send({ type: 'SIGNED_IN', session: aal1WithFactor });
    actor.send({ type: 'SIGNED_OUT' });
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(actor.getSnapshot().context.session).toBeNull();
  });
});
