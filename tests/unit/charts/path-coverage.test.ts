import { describe, expect, it } from 'vitest';
import { checkoutSessionResponseSchema } from '../../../src/contracts/payments';
import { chartCoverage, chartPathSet } from '../../helpers/chart-model';
import { appModel } from '../app/app-model';
import { fixtures as sessionFixtures, sessionModel } from '../auth/session-model';
import { signupModel } from '../landing/signup-model';
import { reviewModel } from '../onboarding/review-model';
import { paywallFixtures, paywallModel } from '../payments/paywall-model';

describe.each([
  ['app', appModel],
  ['session', sessionModel],
  ['sign-up', signupModel],
  ['identity review', reviewModel],
  ['paywall', paywallModel],
])('%s chart: paths derived from the real chart with @xstate/graph', (_, model) => {
  const paths = chartPathSet(model);

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
