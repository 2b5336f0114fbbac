import { getShortestPaths, getSimplePaths } from '@xstate/graph';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { describe, expect, it } from 'vitest';
import { RetryableRefreshError } from '../../../machines/session.actors';
import {
  isSessionStale,
  MAX_REFRESH_RETRIES,
  REFRESH_BASE_DELAY_MS,
  sessionMachine,
  type AuthSession,
  type SessionEvent,
} from '../../../machines/session.machine';
import { aal1, expired, fakeSession, fixtures, handledTypes, now, NOW, pendingSessionMachine, serializeSession } from './session-model';

const events = Object.values(fixtures) as unknown as SessionEvent[];
const pending = pendingSessionMachine;
const serializeState = serializeSession;

const leafStates = ['loading', 'signedOut.here', 'signedOut.endedElsewhere', 'signedIn.aal1', 'signedIn.secondStepDue', 'signedIn.aal2', 'refreshing', 'waitingToRetry', 'removingSession'];
const leafOf = (value: unknown): string => (typeof value === 'string' ? value : Object.entries(value as Record<string, unknown>).map(([key, child]) => `${key}.${leafOf(child)}`)[0] ?? '');

describe('session chart (model-based)', () => {
  const paths = getShortestPaths(pending, { events, input: { now }, serializeState: serializeState as never });

  it('reaches every state', () => {
    const reached = new Set(paths.map((path) => leafOf(path.state.value)));
    expect([...reached].sort()).toEqual([...leafStates].sort());
  });

  it('every path replays on a live actor to the same state', () => {
    for (const path of paths) {
      const actor = createActor(pending, { input: { now } }).start();
      for (const step of path.steps) actor.send(step.event);
      expect(actor.getSnapshot().value).toEqual(path.state.value);
      actor.stop();
    }
  });

  it('exercises every event type the chart handles', () => {
    const simple = getSimplePaths(pending, { events, input: { now }, serializeState: serializeState as never });
    const used = new Set<string>(simple.flatMap((path) => path.steps.map((step) => step.event.type)));
    for (const type of Object.keys(handledTypes)) expect(used.has(type)).toBe(true);
    for (const fixture of Object.values(fixtures)) expect(used.has(fixture.type)).toBe(true);
  });

  it('aal1 → aal2 when a verified factor is used (MFA_CHALLENGE_VERIFIED)', () => {
    const toAal2 = paths.find((path) => leafOf(path.state.value) === 'signedIn.aal2');
    expect(toAal2?.steps.map((step) => step.event.type)).toContain('MFA_CHALLENGE_VERIFIED');
  });
});

describe('session chart journeys (real actors, simulated clock)', () => {
  it('retries a retryable refresh after 200, 400, 800 ms, then succeeds', async () => {
    const clock = new SimulatedClock();
    let calls = 0;
    const machine = sessionMachine.provide({
      actors: {
        refreshSession: fromPromise<AuthSession, { session: AuthSession }>(async () => {
          calls += 1;
          if (calls <= 3) throw new RetryableRefreshError('network');
          return aal1;
        }),
      },
    });
    const actor = createActor(machine, { input: { now }, clock }).start();
    actor.send({ type: 'INITIAL_SESSION', session: expired });
    await Promise.resolve();
    await new Promise((resolve) => setTimeout(resolve, 0));
    const delays = [REFRESH_BASE_DELAY_MS, REFRESH_BASE_DELAY_MS * 2, REFRESH_BASE_DELAY_MS * 4];
    for (const delay of delays) {
      expect(actor.getSnapshot().value).toBe('waitingToRetry');
      clock.increment(delay - 1);
      expect(actor.getSnapshot().value).toBe('waitingToRetry');
      clock.increment(1);
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    expect(calls).toBe(4);
    expect(actor.getSnapshot().matches({ signedIn: 'aal1' })).toBe(true);
    expect(actor.getSnapshot().context.retries).toBe(0);
  });

  it('removes the session on a non-retryable error, and gives up after the last retry', async () => {
    let cleared = 0;
    const machine = sessionMachine.provide({
      actors: {
        refreshSession: fromPromise<AuthSession, { session: AuthSession }>(async () => {
          throw new Error('Invalid Refresh Token: Already Used');
        }),
        clearSession: fromPromise<void, void>(async () => {
          cleared += 1;
        }),
      },
    });
    const actor = createActor(machine, { input: { now } }).start();
    actor.send({ type: 'INITIAL_SESSION', session: expired });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(actor.getSnapshot().value).toEqual({ signedOut: 'here' });
    expect(actor.getSnapshot().context.session).toBeNull();
    expect(cleared).toBe(1);

    const clock = new SimulatedClock();
    const alwaysOffline = sessionMachine.provide({
      actors: {
        refreshSession: fromPromise<AuthSession, { session: AuthSession }>(async () => {
          throw new RetryableRefreshError('offline');
        }),
        clearSession: fromPromise<void, void>(async () => undefined),
      },
    });
    const offline = createActor(alwaysOffline, { input: { now }, clock }).start();
    offline.send({ type: 'INITIAL_SESSION', session: expired });
    for (let retry = 0; retry < MAX_REFRESH_RETRIES; retry += 1) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      clock.increment(REFRESH_BASE_DELAY_MS * 2 ** retry);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(offline.getSnapshot().value).toEqual({ signedOut: 'here' });
  });

  it('a session issued more than 120 s ago is stale', () => {
    expect(isSessionStale(fakeSession({ aal: 'aal1', issuedSecondsAgo: 119 }), NOW)).toBe(false);
    expect(isSessionStale(fakeSession({ aal: 'aal1', issuedSecondsAgo: 121 }), NOW)).toBe(true);
  });
});

describe('session chart across tabs', () => {
  const start = () => {
    const actor = createActor(pending, { input: { now } }).start();
    return { send: (event: (typeof fixtures)[keyof typeof fixtures]) => actor.send(event as SessionEvent), getSnapshot: () => actor.getSnapshot() };
  };

  it('a session ended in another tab leaves this page signed out, saying so', () => {
    const actor = start();
    actor.send(fixtures.initialValid);
    actor.send(fixtures.endedElsewhere);
    expect(actor.getSnapshot().value).toEqual({ signedOut: 'endedElsewhere' });
    expect(actor.getSnapshot().context.session).toBeNull();
    // supabase-js's own broadcast of the same sign-out, arriving after: the page keeps saying so.
    actor.send(fixtures.signedOut);
    expect(actor.getSnapshot().value).toEqual({ signedOut: 'endedElsewhere' });
  });

  it('a sign-out in this page is not one from elsewhere; a tab signed out already ignores the news', () => {
    const actor = start();
    actor.send(fixtures.initialValid);
    actor.send(fixtures.signedOut);
    actor.send(fixtures.endedElsewhere);
    expect(actor.getSnapshot().value).toEqual({ signedOut: 'here' });
  });

  it('signing in again (here, or the auth client reporting another tab’s sign-in) ends the notice', () => {
    const actor = start();
    actor.send(fixtures.initialValid);
    actor.send(fixtures.endedElsewhere);
    actor.send(fixtures.signedIn);
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'aal1' });
  });

  it('news from another tab while the page is still loading waits for the auth client', () => {
    const actor = start();
    actor.send(fixtures.endedElsewhere);
    expect(actor.getSnapshot().value).toBe('loading');
  });

  it('a session ended elsewhere while a refresh is under way is left to the refresh (refused: SIGNED_OUT)', () => {
    const actor = start();
    actor.send(fixtures.initialExpired);
    actor.send(fixtures.endedElsewhere);
    expect(actor.getSnapshot().value).toBe('refreshing');
  });
});
