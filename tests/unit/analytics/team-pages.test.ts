import { describe, expect, it } from 'vitest';
import { paths } from '../../../core/routes/paths';
import { isTeamPage } from '../../../core/team-pages';
import { isPageViewExcluded } from '../../../src/platform/analytics/context';

/** The chart page is the team's, not the product's: no page view, so no funnel visitor (#37.5). */
describe('the team’s pages', () => {
  it('are the chart page, with or without its trailing slash', () => {
    expect(isTeamPage(paths.charts.build())).toBe(true);
    expect(isTeamPage(`${paths.charts.build()}/`)).toBe(true);
    expect(isTeamPage('/en')).toBe(false);
    expect(isTeamPage('/')).toBe(false);
    expect(isTeamPage('/en/onboarding/steps/size')).toBe(false);
  });

  it('log no page view, as the greeting generator does not', () => {
    expect(isPageViewExcluded(paths.charts.build())).toBe(true);
    expect(isPageViewExcluded(`${paths.charts.build()}?utm_source=x`)).toBe(true);
    expect(isPageViewExcluded('/en/demo')).toBe(false);
  });
});
