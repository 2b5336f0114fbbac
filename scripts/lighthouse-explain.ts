/**
 * `npm run bench:lighthouse:explain -- <run folder>`: the timeline behind a Lighthouse run's LCP, as
 * its simulation (Lantern: 150 ms round trips, 1.6 Mbps, the main thread's tasks × 4, six HTTP/1.1
 * connections per origin) drew it. For each of the optimistic and pessimistic estimates (the LCP is
 * their mean), every request and every main-thread task over 8 ms it waited for, with its simulated
 * start and end: which round trip the paint waited on, and behind what in a connection's queue.
 * The run folder is one that `LIGHTHOUSE_ARTIFACTS_DIR=<dir> npm run bench:lighthouse` wrote
 * (`<dir>/account-0`, …).
 */
import { loadArtifacts } from 'lighthouse/core/lib/asset-saver.js';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';

const folder = process.argv[2];
if (!folder) throw new Error('usage: npm run bench:lighthouse:explain -- <run folder>');
const artifacts = await loadArtifacts(folder);
const data = {
  trace: artifacts.Trace,
  devtoolsLog: artifacts.DevtoolsLog,
  gatherContext: artifacts.GatherContext,
  settings: artifacts.settings,
  URL: artifacts.URL,
  SourceMaps: artifacts.SourceMaps,
  simulator: null,
};
const lcp = await LanternLargestContentfulPaint.request(data, { computedCache: new Map(), settings: artifacts.settings } as never);

interface SimulatedNode {
  type: 'network' | 'cpu';
  startTime: number;
  duration?: number;
  request?: { url: string; connectionId: number };
  record?: { url: string; connectionId: number };
}

for (const which of ['optimisticEstimate', 'pessimisticEstimate'] as const) {
  const estimate = lcp[which] as { timeInMs: number; nodeTimings: Map<SimulatedNode, { startTime: number; endTime: number }> };
  console.log(`\n${which}: ${Math.round(estimate.timeInMs)} ms\n   start     end  what`);
  const rows = [...estimate.nodeTimings].sort(([, a], [, b]) => a.startTime - b.startTime);
  for (const [node, timing] of rows) {
    const request = node.request ?? node.record;
    if (node.type === 'cpu' && timing.endTime - timing.startTime < 8) continue;
    const what = request ? `${request.url.replace(/^https?:\/\/[^/]+/, '')} (connection ${request.connectionId})` : `main thread, ${((node.duration ?? 0) / 1000).toFixed(1)} ms observed`;
    console.log(`${String(Math.round(timing.startTime)).padStart(7)} ${String(Math.round(timing.endTime)).padStart(7)}  ${what}`);
  }
}
