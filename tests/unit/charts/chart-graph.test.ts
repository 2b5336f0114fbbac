import type { ElkNode } from 'elkjs/lib/elk-api';
import { describe, expect, it } from 'vitest';
import { appMachine } from '../../../machines/app.machine';
import { onboardingMachine } from '../../../machines/onboarding.machine';
import { toElkGraph } from '../../../src/features/charts/chart-graph';

/** Every edge label of a laid-out chart, at any depth. */
function labels(node: ElkNode): string[] {
  return [...(node.edges ?? []).flatMap((edge) => (edge.labels ?? []).map((label) => label.text ?? '')), ...(node.children ?? []).flatMap(labels)];
}

describe('the chart viewer’s drawing (/inspect/charts)', () => {
  it('labels a parameterised guard with its values, so a product owner sees which case each arrow is', () => {
    const app = labels(toElkGraph(appMachine));
    expect(app).toContain('funnel.changed [kycIs(status: VALIDATED)]');
    expect(app).toContain('funnel.changed [roleIs(assigned: false)]');
    const funnel = labels(toElkGraph(onboardingMachine));
    expect(funnel).toContain('always [firstIncompleteIs(step: size)]');
    expect(funnel).toContain('done: checkSubscription [hasLiveSubscription]');
  });
});
