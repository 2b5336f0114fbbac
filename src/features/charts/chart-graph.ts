import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import type { AnyStateMachine } from 'xstate';
import type { StateNodeLike } from './chart-model';

const NODE_HEIGHT = 36;
const CHAR_WIDTH = 7.5;

function guardName(guard: unknown): string {
  if (!guard) return '';
  if (typeof guard === 'string') return guard;
  // and([...]) / or([...]) / not(...) are functions carrying their parts.
  const parts = (guard as { guards?: unknown[] }).guards;
  if (typeof guard === 'function' && Array.isArray(parts)) return `${guard.name}(${parts.map(guardName).join(', ')})`;
  const { type, params } = guard as { type?: unknown; params?: unknown };
  if (typeof type !== 'string') return 'guard';
  // A parameterised guard shows its values: kycIs(status: VALIDATED), firstIncompleteIs(step: size).
  if (!params || typeof params !== 'object') return type;
  return `${type}(${Object.entries(params).map(([key, value]) => `${key}: ${String(value)}`).join(', ')})`;
}

/** The label of a transition: its event (or "always"), with the guard in brackets. */
function edgeLabel(eventType: string, guard: unknown): string {
  const event = eventType === '' ? 'always' : eventType.replace(/^xstate\.(done|error)\.actor\./, '$1: ');
  const name = guardName(guard);
  return name ? `${event} [${name}]` : event;
}

/** A chart as an ELK graph: compound states contain their children; edges carry event + guard. */
export function toElkGraph(machine: AnyStateMachine): ElkNode {
  const edges: ElkExtendedEdge[] = [];
  const rootId = (machine.root as unknown as StateNodeLike).id;
  // Chart-wide transitions start from the chart itself, which ELK cannot wire to its own children:
  // they are drawn from a small "any state" node instead.
  const anyStateId = `${rootId}::any`;
  const build = (node: StateNodeLike): ElkNode => {
    const children = Object.values(node.states).map(build);
    const sourceId = node.id === rootId ? anyStateId : node.id;
    if (node.id === rootId && (node.transitions.size > 0 || node.always?.length)) {
      children.unshift({ id: anyStateId, labels: [{ text: '(any state)' }], width: 110, height: NODE_HEIGHT });
    }
    const label = node.invoke.length ? `${node.key} ⟳ ${node.invoke.map((entry) => entry.id).join(', ')}` : node.key;
    for (const [eventType, candidates] of node.transitions) {
      candidates.forEach((candidate, index) => {
        for (const target of candidate.target ?? []) {
          edges.push({ id: `${node.id}|${eventType}|${index}|${target.id}`, sources: [sourceId], targets: [target.id], labels: [{ text: edgeLabel(eventType, candidate.guard) }] });
        }
      });
    }
    (node.always ?? []).forEach((candidate, index) => {
      for (const target of candidate.target ?? []) {
        edges.push({ id: `${node.id}|always|${index}|${target.id}`, sources: [sourceId], targets: [target.id], labels: [{ text: edgeLabel('', candidate.guard) }] });
      }
    });
    return {
      id: node.id,
      labels: [{ text: label }],
      ...(children.length
        ? { children, layoutOptions: { 'elk.padding': '[top=32,left=12,bottom=12,right=12]' } }
        : { width: Math.max(90, label.length * CHAR_WIDTH + 24), height: NODE_HEIGHT }),
    };
  };
  const root = build(machine.root as unknown as StateNodeLike);
  return {
    ...root,
    edges: edges.map((edge) => ({ ...edge, labels: edge.labels?.map((entry) => ({ ...entry, width: (entry.text?.length ?? 0) * 6, height: 14 })) })),
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'DOWN',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.layered.spacing.nodeNodeBetweenLayers': '40',
      'elk.spacing.nodeNode': '24',
      'elk.json.edgeCoords': 'ROOT',
      'elk.json.shapeCoords': 'ROOT',
    },
  };
}
