import { describe, expect, it } from 'vitest';
import { funnelSteps } from '../../../server/analytics/funnel-steps';
import { chartModel } from '../../../src/features/charts/chart-model';
import { charts } from '../../../machines/charts';
import { findTransition, foldNumbers, funnelPlaces } from '../../../src/features/charts/funnel-map';

describe('the funnel events on the chart (src/features/charts/funnel-map.ts)', () => {
  it('names only states and transitions the charts have', () => {
    for (const place of funnelPlaces) {
      const model = chartModel(charts[place.chart]);
      expect(model.states.has(place.state), `${place.step}: state ${place.state}`).toBe(true);
      if (place.transition) {
        expect(findTransition(model, place.transition), `${place.step}: ${JSON.stringify(place.transition)}`).toBeDefined();
      }
    }
  });

  it('places every event of every step of the report, and nothing else', () => {
    const wanted = funnelSteps.flatMap((step) => [
      `${step.key}|${step.eventType}|${step.step ?? ''}`,
      ...(step.orEventType ? [`${step.key}|${step.orEventType}|${step.step ?? ''}`] : []),
    ]);
    const placed = funnelPlaces.map((place) => `${place.step}|${place.event}|${place.stepParam ?? ''}`);
    expect(new Set(placed)).toEqual(new Set(wanted));
    expect(placed).toHaveLength(new Set(placed).size);
  });

  it('puts the onboarding steps on the onboarding chart in the report’s order', () => {
    const onboardingStates = funnelPlaces.filter((place) => place.chart === 'onboarding' && !place.transition).map((place) => place.state);
    const declared = [...chartModel(charts.onboarding).states.keys()];
    const positions = onboardingStates.map((state) => declared.indexOf(state));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('folds the counts per step onto the states, one count for a step with two events', () => {
    const reached = [200, 120, 100, 90, 80, 60, 50, 30, 30];
    const steps = funnelSteps.map((step, index) => ({ key: step.key, reached: reached[index]!, left: reached[index]! - (reached[index + 1] ?? reached[index]!) }));
    const folded = foldNumbers({ steps });
    expect(folded.get('signup.editing')).toEqual({ step: 'visitors', reached: 200, ofFirst: 1, fromPrevious: 1, left: 80 });
    expect(folded.get('onboarding.verifyPhone')).toEqual({ step: 'step_verify_phone', reached: 100, ofFirst: 0.5, fromPrevious: 100 / 120, left: 10 });
    expect(folded.get('onboarding.checkoutForm')).toMatchObject({ reached: 50, left: 20, fromPrevious: 50 / 60 });
    expect(folded.get('onboarding.success')).toMatchObject({ step: 'finished', reached: 30, left: 0, fromPrevious: 1, ofFirst: 0.15 });
    // A state without a funnel event has no number (routing decides; it logs nothing).
    expect(folded.has('onboarding.routing')).toBe(false);
    expect(folded.size).toBe(new Set(funnelPlaces.map((place) => place.state)).size);
    // Nobody in the period: shares are 0, not NaN.
    const empty = foldNumbers({ steps: steps.map((step) => ({ ...step, reached: 0, left: 0 })) });
    expect(empty.get('onboarding.size')).toEqual({ step: 'step_size', reached: 0, ofFirst: 0, fromPrevious: 0, left: 0 });
  });
});
