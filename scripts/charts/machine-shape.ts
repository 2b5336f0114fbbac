import type { AnyStateMachine, AnyStateNode } from 'xstate';

/**
 * What a chart *is*, as sorted lines read through XState's public StateNode API: every state (id,
 * type, initial child, invoked actors, entry/exit actions) and every transition (event, guard
 * with its and/or/not structure and params, targets, actions). Two machines with the same shape draw
 * the same diagram and take the same paths.
 */
export interface MachineShape {
  states: string[];
  transitions: string[];
}

type Named = { type?: string; params?: unknown; guards?: unknown[]; name?: string };

function describeParameterized(named: Named): string {
  if (named.params === undefined) return String(named.type);
  return `${named.type}${typeof named.params === 'function' ? '(dynamic)' : JSON.stringify(named.params)}`;
}

function describeGuard(guard: unknown): string {
  if (guard === undefined) return '';
  if (typeof guard === 'string') return guard;
  const named = guard as Named;
  if (typeof guard === 'function' && Array.isArray(named.guards)) return `${named.name}(${named.guards.map(describeGuard).join(', ')})`;
  if (typeof guard === 'function') return 'inline';
  return describeParameterized(named);
}

function describeAction(action: unknown): string {
  if (typeof action === 'string') return action;
  const named = action as Named;
  // Functions here are XState's own (the raise/cancel that `after` adds) or inline ones, which the
  // export refuses; either way the kind is what a diagram shows.
  if (typeof action === 'function') return named.type ?? 'function';
  return describeParameterized(named);
}

function everyNode(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => everyNode(child as AnyStateNode))];
}

export function machineShape(machine: AnyStateMachine): MachineShape {
  const states: string[] = [];
  const transitions: string[] = [];
  for (const node of everyNode(machine.root)) {
    const initial = node.type === 'compound' ? node.initial.target.map((target) => target.id).join(',') : '';
    const invoked = node.invoke.map((invoke) => `${invoke.id}=${String(invoke.src)}`).join(',');
    states.push(`${node.id} ${node.type} initial=${initial} invoke=${invoked} entry=${node.entry.map(describeAction)} exit=${node.exit.map(describeAction)}`);
    const definitions = [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
    for (const transition of definitions) {
      const targets = (transition.target ?? []).map((target) => target.id).join(',');
      transitions.push(
        `${node.id} ${transition.eventType || '(always)'} [${describeGuard(transition.guard)}] -> ${targets} / ${transition.actions.map(describeAction).join(',')}${transition.reenter ? ' reenter' : ''}`,
      );
    }
  }
  // Not sorted: the order of guarded transitions is meaning (the SPEC §4 rules apply in order).
  return { states, transitions };
}
