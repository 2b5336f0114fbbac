import type { TFunction } from 'i18next';
import type { ChartGuard, ChartModel } from './chart-model';

/**
 * Plain-language names from locales/{en,fr}/charts.json. State ids and event types contain dots,
 * so they are looked up with '>' as the key separator ('states>onboarding.size').
 */
const lookup = (t: TFunction, group: string, key: string, values: Record<string, string> = {}): string | null => {
  const found = t(`${group}>${key}`, { ns: 'charts', keySeparator: '>', defaultValue: '', ...values });
  return found === '' ? null : found;
};

export interface Labeller {
  state: (id: string) => string | null;
  event: (event: string) => string | null;
  guard: (guard: ChartGuard) => string | null;
}

export function labeller(t: TFunction): Labeller {
  return {
    state: (id) => lookup(t, 'states', id),
    event: (event) => lookup(t, 'events', event),
    guard: (guard) => {
      const step = guard.params.step;
      return lookup(t, 'guards', guard.name, step ? { step: lookup(t, 'steps', step) ?? step } : {});
    },
  };
}

/** The code name of a transition as the code writes it: its event (or always) and guard. */
export function codeName(event: string, guard: ChartGuard | null): string {
  const written = event === '' ? 'always' : event.replace(/^xstate\.(done|error)\.actor\./, '$1: ');
  if (!guard) return written;
  const params = Object.entries(guard.params);
  return `${written} [${guard.name}${params.length ? `(${params.map(([key, value]) => `${key}: ${value}`).join(', ')})` : ''}]`;
}

/** The code name of a state: its path below the chart ('verifyPhone.enteringCode'). */
export const stateCodeName = (model: Pick<ChartModel, 'root'>, id: string): string => (id === model.root ? id : id.slice(model.root.length + 1));
