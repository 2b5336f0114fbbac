import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../../server/config/project-root';
import { chartModel, type ChartModel } from '../../../src/features/charts/chart-model';
import { charts } from '../../../machines/charts';
import { findTransition, funnelPlaces } from '../../../src/features/charts/funnel-map';
import { loaderRules } from '../../../src/features/charts/loader-rules';

type Texts = Record<string, Record<string, string>>;
const texts = (language: string): Texts => JSON.parse(readFileSync(join(projectRoot(), 'locales', language, 'charts.json'), 'utf8')) as Texts;

describe('the funnel chart’s plain-language labels (locales/*/charts.json)', () => {
  const model: ChartModel = chartModel(charts.onboarding);
  for (const language of ['en', 'fr']) {
    it(`names every state, event and guard of the funnel chart in ${language}`, () => {
      const { states, events, guards } = texts(language);
      expect([...model.states.keys()].filter((id) => !states?.[id])).toEqual([]);
      expect([...new Set(model.transitions.map((transition) => transition.event))].filter((event) => events?.[event] === undefined)).toEqual([]);
      expect([...new Set(model.transitions.flatMap((transition) => (transition.guard ? [transition.guard.name] : [])))].filter((name) => !guards?.[name])).toEqual([]);
      // The sign-up chart's states and moves the funnel view shows before onboarding.
      for (const place of funnelPlaces.filter((entry) => entry.chart === 'signup')) {
        expect(states?.[place.state], place.state).toBeTruthy();
        if (place.transition) expect(events?.[place.transition.event], place.transition.event).toBeTruthy();
      }
      expect(Object.keys(texts(language).rules ?? {}).sort()).toEqual([...new Set(loaderRules.map((entry) => entry.rule))].sort());
    });
  }

  it('shows each SPEC loader rule on a transition the chart has', () => {
    for (const entry of loaderRules) {
      const found = model.transitions.find(
        (transition) => transition.source === entry.source && transition.event === entry.event && (entry.guard === undefined || transition.guard?.name === entry.guard),
      );
      expect(found, `${entry.rule} at ${entry.source}`).toBeDefined();
    }
    expect(findTransition(model, { source: 'onboarding.routing', event: '', target: 'onboarding.failure', guard: 'isKycBlocked' })).toBeDefined();
  });
});
