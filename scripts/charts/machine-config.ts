import { and, createMachine, not, or, type AnyStateMachine } from 'xstate';

/**
 * A chart's *config* as JSON: what was written in `createMachine(...)`, not what `machine.toJSON()`
 * keeps. toJSON drops every eventless (`always`) transition and every `and/or/not` guard, so the
 * SPEC §4 loader rules vanished from the exported onboarding chart. This keeps them: guards and
 * actions by name (with their static params), `and/or/not` as `xstate.and|or|not` with their parts,
 * invoke sources by name. Code that only runs (context factories, invoke `input` mappers) is left
 * out; it has no place in a diagram. An inline action or guard (a function written in the config)
 * cannot be named in JSON, so the export refuses it: charts name every implementation in `setup()`.
 */

export type ChartJson = { [key: string]: unknown };

const COMBINATORS: Record<string, string> = { and: 'xstate.and', or: 'xstate.or', not: 'xstate.not' };
/** Params computed from the event at run time: kept as a marker so the diagram shows them. */
export const DYNAMIC_PARAMS = 'xstate.dynamic';

type Fn = ((...args: unknown[]) => unknown) & { guards?: unknown[]; type?: string };

function guardToJson(guard: unknown, at: string): unknown {
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const fn = guard as Fn;
    const combinator = COMBINATORS[fn.name];
    if (combinator && Array.isArray(fn.guards)) return { type: combinator, guards: fn.guards.map((part, i) => guardToJson(part, `${at}[${i}]`)) };
    throw new Error(`inline guard at ${at}: name it in setup({ guards })`);
  }
  return parameterized(guard as { type: string; params?: unknown }, at);
}

function parameterized(item: { type: string; params?: unknown }, at: string): unknown {
  if (typeof item.type !== 'string') throw new Error(`unnamed implementation at ${at}`);
  if (item.params === undefined) return { type: item.type };
  return { type: item.type, params: typeof item.params === 'function' ? DYNAMIC_PARAMS : item.params };
}

function actionsToJson(actions: unknown, at: string): unknown {
  const list = Array.isArray(actions) ? actions : [actions];
  const named = list.map((action, i) => {
    if (typeof action === 'string') return action;
    if (typeof action === 'function') throw new Error(`inline action at ${at}[${i}] (${(action as Fn).type ?? 'function'}): name it in setup({ actions })`);
    return parameterized(action as { type: string; params?: unknown }, `${at}[${i}]`);
  });
  return Array.isArray(actions) ? named : named[0];
}

function transitionToJson(transition: unknown, at: string): unknown {
  if (typeof transition === 'string' || transition === undefined) return transition;
  if (Array.isArray(transition)) return transition.map((one, i) => transitionToJson(one, `${at}[${i}]`));
  const out: ChartJson = {};
  for (const [key, value] of Object.entries(transition as ChartJson)) {
    if (key === 'guard') out.guard = guardToJson(value, `${at}.guard`);
    else if (key === 'actions') out.actions = actionsToJson(value, `${at}.actions`);
    else out[key] = value;
  }
  return out;
}

function invokeToJson(invoke: unknown, at: string): unknown {
  if (Array.isArray(invoke)) return invoke.map((one, i) => invokeToJson(one, `${at}[${i}]`));
  const out: ChartJson = {};
  for (const [key, value] of Object.entries(invoke as ChartJson)) {
    if (key === 'src') {
      if (typeof value !== 'string') throw new Error(`inline actor at ${at}.src: name it in setup({ actors })`);
      out.src = value;
    } else if (key === 'onDone' || key === 'onError' || key === 'onSnapshot') out[key] = transitionToJson(value, `${at}.${key}`);
    else if (key === 'input' && typeof value === 'function') continue;
    else out[key] = value;
  }
  return out;
}

function mapValues(record: unknown, at: string, each: (value: unknown, at: string) => unknown): ChartJson {
  return Object.fromEntries(Object.entries(record as ChartJson).map(([key, value]) => [key, each(value, `${at}.${key}`)]));
}

function stateToJson(state: ChartJson, at: string): ChartJson {
  const out: ChartJson = {};
  for (const [key, value] of Object.entries(state)) {
    switch (key) {
      case 'states':
        out.states = mapValues(value, `${at}.states`, (child, childAt) => stateToJson(child as ChartJson, childAt));
        break;
      case 'on':
      case 'after':
        out[key] = mapValues(value, `${at}.${key}`, transitionToJson);
        break;
      case 'always':
        out.always = transitionToJson(value, `${at}.always`);
        break;
      case 'entry':
      case 'exit':
        out[key] = actionsToJson(value, `${at}.${key}`);
        break;
      case 'invoke':
        out.invoke = invokeToJson(value, `${at}.invoke`);
        break;
      case 'context':
      case 'output':
        if (typeof value !== 'function') out[key] = value;
        break;
      default:
        out[key] = value;
    }
  }
  return out;
}

/** The machine's config as JSON-safe data (throws, naming the place, on an inline implementation). */
export function machineConfigJson(machine: AnyStateMachine): ChartJson {
  return stateToJson(machine.config as ChartJson, machine.id);
}

function guardFromJson(guard: unknown): unknown {
  if (typeof guard !== 'object' || guard === null) return guard;
  const { type, guards } = guard as { type: string; guards?: unknown[] };
  const parts = (guards ?? []).map(guardFromJson) as Parameters<typeof and>[0];
  if (type === 'xstate.and') return and(parts);
  if (type === 'xstate.or') return or(parts);
  if (type === 'xstate.not') return not(parts[0] as never);
  return guard;
}

function reviveGuards(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(reviveGuards);
  if (typeof node !== 'object' || node === null) return node;
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, key === 'guard' ? guardFromJson(value) : reviveGuards(value)]));
}

/** A machine built from exported JSON and the source machine's named implementations. */
export function machineFromConfigJson(json: ChartJson, implementations: AnyStateMachine['implementations']): AnyStateMachine {
  return createMachine(reviveGuards(json) as Parameters<typeof createMachine>[0], implementations as never) as AnyStateMachine;
}
