import { describe, expect, it } from 'vitest';
import { signupMachine } from '../../../machines/signup.machine';
import { chartModel } from '../../../src/features/charts/chart-model';
import { leadInPlaces, liveLeadIn } from '../../../src/features/charts/funnel-cards';

/** The chart page's lead-in: which card (the start page's page view, the code) the sign-up chart is on (#37.5). */
describe('the live lead-in card', () => {
  const model = chartModel(signupMachine);
  const places = leadInPlaces();
  const on = (...ids: string[]) => liveLeadIn(model, places, new Set(['signup', ...ids]))?.step;

  it('is the page view for the start page: the form, its checks and prompts', () => {
    for (const state of ['signup.starting', 'signup.editing', 'signup.checkingEmail', 'signup.personalEmailPrompt', 'signup.checkingAccount', 'signup.sendingCode']) {
      expect(on(state), state).toBe('visitors');
    }
  });

  it('is the code for the code step and what follows it until the chart ends', () => {
    expect(on('signup.enteringCode')).toBe('code_verified');
    expect(on('signup.savingAccount')).toBe('code_verified');
    expect(on('signup.secondStepDue')).toBe('code_verified');
  });

  it('is none once the sign-up is done, or with nothing live', () => {
    expect(on('signup.done')).toBeUndefined();
    expect(liveLeadIn(model, places, new Set())).toBeUndefined();
  });
});
