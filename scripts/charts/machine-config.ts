import { createMachine, type AnyStateMachine } from 'xstate';

/**
 * A chart's *config* as JSON: what was written in `createMachine(...)`, not what `machine.toJSON()`
 * keeps. toJSON drops every eventless (`always`) transition, so the SPEC §4 loader rules vanished
 * from the exported onboarding chart. This keeps them, with guards and actions by name and their
 * static params, invoke sources by name, and each named delay with its values (`delays`, beside
 * the states), so the file opens whole in Stately and `createMachine(json, implementations)`
 * rebuilds the same chart. What cannot be written as data is refused, naming the place: an inline
 * guard or action, params computed at run time (the implementation reads the event or context
 * itself), `and/or/not` (a named guard says it), a delay with no values. Code that only runs
 * (context factories, invoke `input` mappers) is left out; `chartCode` keeps it for a rebuild.
 */

export type ChartJson = { [key: string]: unknown };

type Fn = ((...args: unknown[]) => unknown) & { guards?: unknown[]; type?: string; schedule?: unknown };

function guardToJson(guard: unknown, at: string): unknown {
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const fn = guard as Fn;
    if (Array.isArray(fn.guards)) throw new Error(`${fn.name} guard at ${at}: write a named guard in setup({ guards })`);
    throw new Error(`inline guard at ${at}: name it in setup({ guards })`);
  }
  return parameterized(guard as { type: string; params?: unknown }, at);
}

function parameterized(item: { type: string; params?: unknown }, at: string): unknown {
  if (typeof item.type !== 'string') throw new Error(`unnamed implementation at ${at}`);
  if (item.params === undefined) return { type: item.type };
  if (typeof item.params === 'function') throw new Error(`params computed at run time at ${at} (${item.type}): let the implementation read the event or context`);
  return { type: item.type, params: item.params };
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

/** How long a named delay waits: a fixed time, or one per value of a context field. */
export type DelayJson = number | { ms: readonly number[]; by: string };

function delaysToJson(machine: AnyStateMachine): Record<string, DelayJson> {
  const delays = (machine.implementations.delays ?? {}) as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(delays).map(([name, delay]) => {
      if (typeof delay === 'number') return [name, delay];
      const schedule = (delay as Fn).schedule as DelayJson | undefined;
      if (typeof delay === 'function' && schedule !== undefined) return [name, schedule];
      throw new Error(`delay ${name} has no values: a number, or scheduledDelay() (machines/delay-schedule.ts)`);
    }),
  );
}

/** The machine's config as JSON-safe data (throws, naming the place, on what cannot be data). */
export function machineConfigJson(machine: AnyStateMachine): ChartJson {
  const json = stateToJson(machine.config as ChartJson, machine.id);
  const delays = delaysToJson(machine);
  return Object.keys(delays).length > 0 ? { ...json, delays } : json;
}

/** The code a diagram leaves out: the context factory and each invoke's `input` mapper, by place. */
export interface ChartCode {
  context: unknown;
  inputs: Map<string, unknown>;
}

function collectInputs(state: ChartJson, at: string, inputs: Map<string, unknown>): void {
  const invokes = state.invoke === undefined ? [] : Array.isArray(state.invoke) ? state.invoke : [state.invoke];
  (invokes as ChartJson[]).forEach((invoke, i) => {
    if (invoke.input !== undefined) inputs.set(`${at}.invoke[${i}]`, invoke.input);
  });
  for (const [key, child] of Object.entries((state.states ?? {}) as Record<string, ChartJson>)) collectInputs(child, `${at}.states.${key}`, inputs);
}

export function chartCode(machine: AnyStateMachine): ChartCode {
  const inputs = new Map<string, unknown>();
  collectInputs(machine.config as ChartJson, machine.id, inputs);
  return { context: (machine.config as ChartJson).context, inputs };
}

function withInputs(state: ChartJson, at: string, inputs: Map<string, unknown>): ChartJson {
  const out: ChartJson = { ...state };
  if (state.invoke !== undefined) {
    const place = (i: number) => `${at}.invoke[${i}]`;
    const add = (invoke: ChartJson, i: number) => (inputs.has(place(i)) ? { ...invoke, input: inputs.get(place(i)) } : invoke);
    out.invoke = Array.isArray(state.invoke) ? (state.invoke as ChartJson[]).map(add) : add(state.invoke as ChartJson, 0);
  }
  if (state.states !== undefined) {
    out.states = Object.fromEntries(Object.entries(state.states as Record<string, ChartJson>).map(([key, child]) => [key, withInputs(child, `${at}.states.${key}`, inputs)]));
  }
  return out;
}

/**
 * A machine built as Stately or any reader would: `createMachine(json, implementations)`, nothing
 * revived. `code` (from `chartCode`) puts back the context factory and input mappers; the delays'
 * values come with the implementations (the JSON's `delays` documents them).
 */
export function machineFromConfigJson(json: ChartJson, implementations: AnyStateMachine['implementations'], code?: ChartCode): AnyStateMachine {
  const { delays: _documented, ...config } = json;
  const rebuilt = code ? { ...withInputs(config, String(config.id), code.inputs), ...(code.context === undefined ? {} : { context: code.context }) } : config;
  return createMachine(rebuilt as Parameters<typeof createMachine>[0], implementations as never) as AnyStateMachine;
}
