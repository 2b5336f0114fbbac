import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkNode } from 'elkjs/lib/elk-api';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnyStateMachine } from 'xstate';
import { publicConfig } from '../../app/public-config';
import { Button } from '../../ui/Button';
import { Page } from '../../ui/Page';
import { Heading, Text } from '../../ui/Text';
import { charts } from './charts';
import { paths } from '../../../core/routes/paths';
import * as styles from './ChartViewer.css';
import { toElkGraph } from './chart-graph';
import { subscribeChartStates, type ChartName } from './live-state';

const machines = charts;

interface Drawn {
  nodes: { id: string; x: number; y: number; width: number; height: number; label: string; compound: boolean }[];
  edges: { id: string; points: string; label: string; labelX: number; labelY: number }[];
  width: number;
  height: number;
}

function flatten(node: ElkNode, into: Drawn['nodes'], isRoot = true): void {
  if (!isRoot) {
    into.push({ id: node.id, x: node.x ?? 0, y: node.y ?? 0, width: node.width ?? 0, height: node.height ?? 0, label: node.labels?.[0]?.text ?? node.id, compound: Boolean(node.children?.length) });
  }
  for (const child of node.children ?? []) flatten(child, into, false);
}

/** Lays a chart out offline with elkjs (no service): absolute coordinates for nodes and edges. */
async function layout(machine: AnyStateMachine): Promise<Drawn> {
  const result = await new ELK().layout(toElkGraph(machine));
  const nodes: Drawn['nodes'] = [];
  flatten(result, nodes);
  const edges = (result.edges ?? []).flatMap((edge) =>
    (edge.sections ?? []).map((section) => {
      const points = [section.startPoint, ...(section.bendPoints ?? []), section.endPoint];
      const label = edge.labels?.[0];
      return { id: edge.id, points: points.map((point) => `${point.x},${point.y}`).join(' '), label: label?.text ?? '', labelX: label?.x ?? section.startPoint.x, labelY: (label?.y ?? section.startPoint.y) + 10 };
    }),
  );
  return { nodes, edges, width: result.width ?? 800, height: result.height ?? 600 };
}

/** The deepest active states only (`app.page.funnel`, not also `app` and `app.page`). */
function innermost(ids: readonly string[]): string[] {
  return ids.filter((id) => !ids.some((other) => other.startsWith(`${id}.`)));
}

/**
 * /inspect/charts: every chart of the product (session, sign-up, funnel, review, paywall, generator) drawn by the product itself (elkjs, offline), with
 * the live state of another tab of this site highlighted (BroadcastChannel, see ./live-state.ts).
 * Off in production unless ENABLE_CHART_VIEWER is set.
 */
export default function ChartViewerPage() {
  const { t } = useTranslation('onboarding');
  const enabled = publicConfig().features.chartViewer;
  const [chart, setChart] = useState<ChartName>('onboarding');
  const [layouts, setLayouts] = useState<Partial<Record<ChartName, Drawn>>>({});
  const drawn = layouts[chart] ?? null;
  const [live, setLive] = useState<Record<string, { ids: string[]; path: string }>>({});
  const [fit, setFit] = useState(true);

  useEffect(() => {
    if (!enabled) return;
    let current = true;
    layout(machines[chart]).then(
      (result) => {
        if (current) setLayouts((all) => ({ ...all, [chart]: result }));
      },
      (error: unknown) => console.error('chart layout failed', error),
    );
    return () => {
      current = false;
    };
  }, [chart, enabled]);

  useEffect(() => {
    if (!enabled) return undefined;
    return subscribeChartStates((message) => {
      // This tab runs the app chart too (it is on the viewer's page): the live state shown is another tab's.
      if (message.path === paths.charts.build()) return;
      setLive((all) => ({ ...all, [message.chart]: { ids: message.stateIds, path: message.path } }));
    });
  }, [enabled]);

  if (!enabled) {
    return (
      <Page width="narrow">
        <Heading>{t('charts.title')}</Heading>
        <Text>{t('charts.disabled')}</Text>
      </Page>
    );
  }
  const active = new Set(live[chart]?.ids ?? []);
  return (
    <Page width="wide">
      <Heading>{t('charts.title')}</Heading>
      <Text tone="muted">{t('charts.intro')}</Text>
      <div className={styles.toolbar} role="group" aria-label={t('charts.choose')}>
        {(Object.keys(machines) as ChartName[]).map((name) => (
          <Button key={name} tone={chart === name ? 'primary' : 'secondary'} size="small" aria-pressed={chart === name} onClick={() => setChart(name)}>
            {t(`charts.names.${name}`)}
          </Button>
        ))}
      </div>
      <p role="status">{live[chart] ? t('charts.live', { path: live[chart].path, states: innermost(live[chart].ids).join(', ') }) : t('charts.noLive')}</p>
      <div className={styles.toolbar} role="group" aria-label={t('charts.zoom')}>
        <Button tone={fit ? 'primary' : 'secondary'} size="small" aria-pressed={fit} onClick={() => setFit(true)}>
          {t('charts.fit')}
        </Button>
        <Button tone={fit ? 'secondary' : 'primary'} size="small" aria-pressed={!fit} onClick={() => setFit(false)}>
          {t('charts.actualSize')}
        </Button>
      </div>
      <div className={styles.canvas}>
        {drawn ? (
          <svg
            viewBox={`0 0 ${drawn.width} ${drawn.height}`}
            {...(fit ? { className: styles.fitted } : { width: drawn.width, height: drawn.height })}
            role="img"
            aria-label={t('charts.diagram', { name: t(`charts.names.${chart}`) })}
          >
            <defs>
              <marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse">
                <path d="M 0 0 L 10 5 L 0 10 z" className={styles.arrow} />
              </marker>
            </defs>
            {drawn.nodes.map((node) => (
              <g key={node.id} data-state={node.id} data-active={active.has(node.id) || undefined}>
                <rect x={node.x} y={node.y} width={node.width} height={node.height} rx={8} className={active.has(node.id) ? styles.active : node.compound ? styles.compound : styles.state} />
                <text x={node.x + 10} y={node.y + (node.compound ? 20 : node.height / 2 + 5)} className={styles.label}>
                  {node.label}
                </text>
              </g>
            ))}
            {drawn.edges.map((edge) => (
              <g key={edge.id}>
                <polyline points={edge.points} className={styles.edge} markerEnd="url(#arrow)" />
                <text x={edge.labelX} y={edge.labelY} className={styles.edgeLabel}>
                  {edge.label}
                </text>
              </g>
            ))}
          </svg>
        ) : (
          <Text tone="muted">{t('charts.drawing')}</Text>
        )}
      </div>
    </Page>
  );
}
