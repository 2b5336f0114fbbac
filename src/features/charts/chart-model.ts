import type { AnyStateMachine } from 'xstate';

/** The parts of an XState state node the chart views read (its public fields, typed loosely). */
export interface StateNodeLike {
  id: string;
  key: string;
  type: string;
  states: Record<string, StateNodeLike>;
  transitions: Map<string, { target?: readonly StateNodeLike[] | undefined; guard?: unknown }[]>;
  always?: { target?: readonly StateNodeLike[] | undefined; guard?: unknown }[];
  invoke: { src: unknown; id: string }[];
}

export interface ChartState {
  /** XState's id: 'onboarding.verifyPhone.enteringCode'. */
  id: string;
  key: string;
  parent: string | null;
  children: string[];
  final: boolean;
  /** The requests the state runs (invoke ids). */
  invokes: string[];
}

export interface ChartGuard {
  name: string;
  params: Record<string, string>;
}

export interface ChartTransition {
  source: string;
  /** The event as written ('phone.submitted', 'xstate.done.actor.fetchUser'), '' for an always transition. */
  event: string;
  target: string;
  guard: ChartGuard | null;
  /** Its place among the source's candidates for this event (the first that passes is taken). */
  order: number;
}

export interface ChartModel {
  root: string;
  states: Map<string, ChartState>;
  transitions: ChartTransition[];
}

function guardOf(guard: unknown): ChartGuard | null {
  if (!guard) return null;
  if (typeof guard === 'string') return { name: guard, params: {} };
  const parts = (guard as { guards?: unknown[] }).guards;
  if (typeof guard === 'function' && Array.isArray(parts)) {
    return { name: `${guard.name}(${parts.map((part) => guardOf(part)?.name ?? '').join(', ')})`, params: {} };
  }
  const { type, params } = guard as { type?: unknown; params?: unknown };
  const values = params && typeof params === 'object' ? Object.fromEntries(Object.entries(params).map(([key, value]) => [key, String(value)])) : {};
  return { name: typeof type === 'string' ? type : 'guard', params: values };
}

/** A chart read from XState's state nodes into plain states and transitions (one per target). */
export function chartModel(machine: AnyStateMachine): ChartModel {
  const states = new Map<string, ChartState>();
  const transitions: ChartTransition[] = [];
  const visit = (node: StateNodeLike, parent: string | null) => {
    const children = Object.values(node.states);
    states.set(node.id, {
      id: node.id,
      key: node.key,
      parent,
      children: children.map((child) => child.id),
      final: node.type === 'final',
      invokes: node.invoke.map((entry) => entry.id),
    });
    const add = (event: string, candidates: readonly { target?: readonly StateNodeLike[] | undefined; guard?: unknown }[]) =>
      candidates.forEach((candidate, order) => {
        for (const target of candidate.target ?? []) transitions.push({ source: node.id, event, target: target.id, guard: guardOf(candidate.guard), order });
      });
    for (const [event, candidates] of node.transitions) add(event, candidates);
    add('', node.always ?? []);
    for (const child of children) visit(child, node.id);
  };
  const root = machine.root as unknown as StateNodeLike;
  visit(root, null);
  return { root: root.id, states, transitions };
}

/** The id without the chart's own name: 'verifyPhone.enteringCode' (how labels are keyed). */
export const localId = (model: Pick<ChartModel, 'root'>, id: string): string => (id === model.root ? id : id.slice(model.root.length + 1));

/** The top-level state a state belongs to ('onboarding.size.saving' → 'onboarding.size'). */
export function topLevelOf(model: ChartModel, id: string): string {
  let current = id;
  for (let parent = model.states.get(current)?.parent; parent && parent !== model.root; parent = model.states.get(parent)?.parent) current = parent;
  return current;
}
