import { describe, expect, it, vi } from 'vitest';
import { checkoutSessionResponseSchema } from '../../../core/contracts/payments';
import { chartCoverage, chartPathSet, exportedChart, firstTraceDifference, rebuiltFromExport } from '../../helpers/chart-model';
import { appModel } from '../app/app-model';
import { fixtures as sessionFixtures, sessionModel } from '../auth/session-model';
import { signupModel } from '../landing/signup-model';
import { reviewModel } from '../onboarding/review-model';
import { paywallFixtures, paywallModel } from '../payments/paywall-model';

describe.each([
  ['app', 'app', appModel],
  ['session', 'session', sessionModel],
  ['sign-up', 'signup', signupModel],
  ['identity review', 'review', reviewModel],
  ['paywall', 'paywall', paywallModel],
])('%s chart: paths derived from the real chart with @xstate/graph', (_, exported, model) => {
  const paths = chartPathSet(model);

  it(`rebuilt from docs/charts/${exported}.json and its named implementations, takes every path step for step as the chart does`, () => {
    // Actions that read the clock see the same time in both runs.
    vi.useFakeTimers({ now: new Date('2026-01-15T10:00:00.000Z') });
    try {
      expect(firstTraceDifference(model.machine, rebuiltFromExport(model.machine, exportedChart(exported)), paths)).toBeNull();
      console.log(`round trip ${exported}: ${paths.length} paths, ${paths.reduce((sum, path) => sum + path.events.length + 1, 0)} steps, 0 differences`);
    } finally {
      vi.useRealTimers();
    }
  });

  it('take every state and every transition', () => {
    const coverage = chartCoverage(model, paths);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it('see an untaken transition: without a path that alone takes one, coverage drops', () => {
    const all = chartCoverage(model, paths).transitions.length;
    // A path holding a transition no other path takes (found with one replay per path) …
    const takenBy = paths.map((path) => new Set(chartCoverage(model, [path]).transitions));
    const alone = paths.findIndex((_, index) => [...takenBy[index]!].some((key) => takenBy.every((other, at) => at === index || !other.has(key))));
    expect(alone).toBeGreaterThanOrEqual(0);
    // … is missed by the coverage measured without it.
    expect(chartCoverage(model, paths.filter((_, index) => index !== alone)).transitions.length).toBeLessThan(all);
  });
});

describe('actor outputs in the models are answers the server could give', () => {
  it("paywall: the checkout answer parses with the route's response schema", () => {
    expect(checkoutSessionResponseSchema.safeParse(paywallFixtures.answered.output).success).toBe(true);
  });

  it('session: refreshed sessions carry the token fields supabase-js needs', () => {
    const { output } = sessionFixtures.refreshDone;
    expect(output.access_token.split('.')).toHaveLength(3);
    expect(output.expires_at).toBeGreaterThan(0);
    expect(output.refresh_token).not.toBe('');
  });
});
