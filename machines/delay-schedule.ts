/**
 * A named delay whose time depends on a context field, written as data: the list of times and the
 * field that picks one. The chart export writes the list beside the states (docs/charts), so a
 * reader of the diagram sees how long each wait is; the running chart reads the same list.
 */
export interface DelaySchedule {
  /** The wait for each value of the field, from the first. */
  ms: readonly number[];
  /** What picks the entry, as the export documents it (e.g. `retries - 1`). */
  by: string;
}

export function scheduledDelay<TContext>(schedule: DelaySchedule, index: (context: TContext) => number) {
  const delay = ({ context }: { context: TContext }) => schedule.ms[Math.max(0, Math.min(schedule.ms.length - 1, index(context)))]!;
  return Object.assign(delay, { schedule });
}
