import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChartJson } from '../../../scripts/charts/machine-config';
import { exportedChart, firstTraceDifference, rebuiltFromExport } from '../../helpers/chart-model';
import { signupModel, values } from '../landing/signup-model';
import { paywallFixtures, paywallModel } from '../payments/paywall-model';

// The round trip of each chart runs beside its path coverage, on the same paths (computed once):
// tests/unit/charts/path-coverage.test.ts (app, session, sign-up, review, paywall),
// tests/unit/onboarding/onboarding-machine.test.ts and tests/unit/greetings/generator-machine.test.ts.

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-01-15T10:00:00.000Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the round trip (docs/charts rebuilt with the named implementations) sees a difference', () => {
  const input = signupModel.inputs[0];
  const disposable = [
    { type: 'form.submitted', values },
    { type: 'xstate.done.actor.classifyEmail', output: 'disposable' },
  ];

  it('agrees with the source on sign-up refusing a disposable email', () => {
    const rebuilt = rebuiltFromExport(signupModel.machine, exportedChart('signup'));
    expect(firstTraceDifference(signupModel.machine, rebuilt, [{ input, events: disposable }])).toBeNull();
  });

  it('names the step where a rebuild parts: sign-up with its disposable-email rule dropped lets the address through', () => {
    const json = exportedChart('signup') as { states: { checkingEmail: { invoke: { onDone: unknown[] } } } };
    json.states.checkingEmail.invoke.onDone = json.states.checkingEmail.invoke.onDone.slice(1);
    const difference = firstTraceDifference(signupModel.machine, rebuiltFromExport(signupModel.machine, json as unknown as ChartJson), [{ input, events: disposable }]);
    expect(difference).toMatchObject({ step: 2, event: 'xstate.done.actor.classifyEmail', expected: { value: 'editing' }, actual: { value: 'checkingAccount' } });
  });

  it('sees an action that is not the same: the paywall redirecting elsewhere', () => {
    const json = exportedChart('paywall') as { states: { redirecting: { entry: unknown } } };
    json.states.redirecting.entry = { type: 'redirect', params: { url: '/' } };
    const rebuilt = rebuiltFromExport(paywallModel.machine, json as unknown as ChartJson);
    const events = [paywallFixtures.started, paywallFixtures.answered];
    const difference = firstTraceDifference(paywallModel.machine, rebuilt, [{ input: paywallModel.inputs[0], events }]);
    expect(difference).toMatchObject({ step: 2, expected: { value: 'redirecting' }, actual: { value: 'redirecting' } });
    expect(difference!.expected!.actions).toContain(`redirect${JSON.stringify({ url: paywallFixtures.answered.output.url })}`);
    expect(difference!.actual!.actions).toContain('redirect{"url":"/"}');
  });
});
