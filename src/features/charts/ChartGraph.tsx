import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkNode } from 'elkjs/lib/elk-api';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnyStateMachine } from 'xstate';
import { Button } from '../../ui/Button';
import { Text } from '../../ui/Text';
import * as styles from './ChartViewer.css';
import { toElkGraph } from './chart-graph';
import { labeller } from './labels';

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

const ZOOM_STEP = 1.25;

/** The laid-out chart as SVG: at a scale, or fitted to the width (zoom null). */
function Drawing({ drawn, zoom, active, title, stateLabel }: { drawn: Drawn; zoom: number | null; active: ReadonlySet<string>; title: string; stateLabel: (id: string) => string }) {
  return (
  <svg
    viewBox={`0 0 ${drawn.width} ${drawn.height}`}
    {...(zoom === null ? { className: styles.fitted } : { width: drawn.width * zoom, height: drawn.height * zoom })}
    role="img"
    aria-label={title}
  >
    <defs>
      <marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse">
        <path d="M 0 0 L 10 5 L 0 10 z" className={styles.arrow} />
      </marker>
    </defs>
    {drawn.nodes.map((node) => (
      <g key={node.id} data-state={node.id} data-active={active.has(node.id) || undefined}>
        <title>{stateLabel(node.id)}</title>
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
  );
}

/**
 * A whole chart drawn from the code (elkjs), with zoom buttons and drag-to-pan; at 1 the labels are
 * their actual size. Each box's plain name (locales/*\/charts.json) is its tooltip.
 */
export function ChartGraph({ machine, name, active }: { machine: AnyStateMachine; name: string; active: ReadonlySet<string> }) {
  const { t } = useTranslation(['charts', 'onboarding']);
  const labels = labeller(t);
  // Kept with the chart it draws: another chart shows 'Drawing…' until its own layout is done.
  const [laidOut, setLaidOut] = useState<{ machine: AnyStateMachine; drawn: Drawn } | null>(null);
  const drawn = laidOut?.machine === machine ? laidOut.drawn : null;
  // null: fitted to the width; a number: that scale.
  const [zoom, setZoom] = useState<number | null>(1);
  const canvas = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number; left: number; top: number } | null>(null);

  useEffect(() => {
    let current = true;
    layout(machine).then(
      (result) => {
        if (current) setLaidOut({ machine, drawn: result });
      },
      (error: unknown) => console.error('chart layout failed', error),
    );
    return () => {
      current = false;
    };
  }, [machine]);

  // Read in handlers only (refs are not read while rendering).
  const fitted = () => (drawn && canvas.current ? canvas.current.clientWidth / drawn.width : 1);
  const zoomBy = (factor: number) => setZoom((current) => Math.min(3, Math.max(0.2, (current ?? fitted()) * factor)));
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    const element = canvas.current;
    if (!element || event.button !== 0) return;
    drag.current = { x: event.clientX, y: event.clientY, left: element.scrollLeft, top: element.scrollTop };
    element.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const element = canvas.current;
    if (!element || !drag.current) return;
    element.scrollLeft = drag.current.left - (event.clientX - drag.current.x);
    element.scrollTop = drag.current.top - (event.clientY - drag.current.y);
  };

  return (
    <>
      <div className={styles.toolbar} role="group" aria-label={t('onboarding:charts.zoom')}>
        <Button tone="secondary" size="small" onClick={() => zoomBy(1 / ZOOM_STEP)}>
          {t('charts:graph.zoomOut')}
        </Button>
        <Button tone="secondary" size="small" onClick={() => zoomBy(ZOOM_STEP)}>
          {t('charts:graph.zoomIn')}
        </Button>
        <Button tone={zoom === null ? 'primary' : 'secondary'} size="small" aria-pressed={zoom === null} onClick={() => setZoom(null)}>
          {t('charts:graph.fit')}
        </Button>
        <Button tone={zoom === 1 ? 'primary' : 'secondary'} size="small" aria-pressed={zoom === 1} onClick={() => setZoom(1)}>
          {t('onboarding:charts.actualSize')}
        </Button>
        {zoom === null ? null : <span>{Math.round(zoom * 100)} %</span>}
      </div>
      <Text tone="muted" size="small">
        {t('charts:graph.hint')}
      </Text>
      <div
        ref={canvas}
        className={styles.canvas}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => (drag.current = null)}
        onPointerCancel={() => (drag.current = null)}
      >
        {drawn ? (
          <Drawing drawn={drawn} zoom={zoom} active={active} title={t('onboarding:charts.diagram', { name })} stateLabel={(id) => labels.state(id) ?? id} />
        ) : (
          <Text tone="muted">{t('onboarding:charts.drawing')}</Text>
        )}
      </div>
    </>
  );
}
