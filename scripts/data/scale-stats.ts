/** The scale bench's figures: percentiles of each name's samples at two sizes, and the goal check. */

/** The goal of #29: every route within this factor of the empty database, at p50 and at p99. */
export const SCALE_GOAL_RATIO = 1.3;

/** Nearest-rank percentile (p in 0..100) of unsorted samples. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export interface ScaleRow {
  name: string;
  samples: number;
  empty: { p50: number; p99: number };
  full: { p50: number; p99: number };
  ratio: { p50: number; p99: number };
  met: boolean;
}

export function scaleRows(empty: Map<string, number[]>, full: Map<string, number[]>): ScaleRow[] {
  return [...empty.keys()].map((name) => {
    const a = empty.get(name) ?? [];
    const b = full.get(name) ?? [];
    const e = { p50: percentile(a, 50), p99: percentile(a, 99) };
    const f = { p50: percentile(b, 50), p99: percentile(b, 99) };
    const ratio = { p50: f.p50 / e.p50, p99: f.p99 / e.p99 };
    return { name, samples: Math.min(a.length, b.length), empty: e, full: f, ratio, met: ratio.p50 <= SCALE_GOAL_RATIO && ratio.p99 <= SCALE_GOAL_RATIO };
  });
}

const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1)).padStart(7);
const times = (value: number) => `${value.toFixed(2)}×`.padStart(7);

/** A fixed-width table: per name p50 and p99 at both sizes, the ratios and met/missed. */
export function formatScaleTable(rows: readonly ScaleRow[]): string {
  const width = Math.max(...rows.map((row) => row.name.length), 10);
  const header = `${'route or job'.padEnd(width)}     n  p50 empty  p50 full    ratio  p99 empty  p99 full    ratio  goal ${SCALE_GOAL_RATIO}×`;
  const lines = rows.map(
    (row) =>
      `${row.name.padEnd(width)} ${String(row.samples).padStart(5)}  ${ms(row.empty.p50)} ms ${ms(row.full.p50)} ms ${times(row.ratio.p50)}  ${ms(row.empty.p99)} ms ${ms(row.full.p99)} ms ${times(row.ratio.p99)}  ${row.met ? 'met' : 'MISSED'}`,
  );
  return [header, ...lines].join('\n');
}
