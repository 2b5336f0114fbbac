import type { MetricType, MetricValueWithName, Registry } from 'prom-client';

/** What prom-client's registry reads off a metric at a scrape (its Metric's `get()`). */
export interface CollectedMetric {
  name: string;
  help: string;
  type: MetricType;
  aggregator: 'sum';
  values: MetricValueWithName<string>[];
}

/**
 * One series of a CountedHistogram: its label values and plain counters. `observe` is what a request
 * pays, a walk over the (dozen) bucket bounds and three additions; prom-client's own `observe`, even on
 * a kept labelled child, builds a label object, validates and hashes it on every call (~1.4 µs a request
 * in the bench's profile, docs/operations.md).
 */
export class HistogramCounts {
  /** Per bucket, the observations that fell in it (not cumulative): index i counts (bound[i-1], bound[i]]. */
  readonly perBucket: number[];
  sum = 0;
  count = 0;

  constructor(
    private readonly upperBounds: readonly number[],
    readonly labels: Readonly<Record<string, string>>,
  ) {
    this.perBucket = upperBounds.map(() => 0);
  }

  observe(value: number): void {
    const bounds = this.upperBounds;
    // prom-client's rule: the first bound at or above the value; above the last, only +Inf (count) has it.
    for (let index = 0; index < bounds.length; index += 1) {
      if (value <= bounds[index]!) {
        this.perBucket[index]! += 1;
        break;
      }
    }
    this.sum += value;
    this.count += 1;
  }

  reset(): void {
    this.perBucket.fill(0);
    this.sum = 0;
    this.count = 0;
  }
}

/**
 * A Prometheus histogram counted by hand and handed to prom-client's registry only when it is read
 * (a scrape), in the very shape prom-client's Histogram gives (`get()`: the same series, label order,
 * values; tests/unit/observability/counted-histogram.test.ts compares both). Callers keep the child of
 * each label set they use (`child(...)`), so the hot path looks nothing up by name. Values are not
 * checked to be finite: callers give durations Fastify or the database layer measured.
 */
export class CountedHistogram<LabelName extends string> {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  readonly #upperBounds: readonly number[];
  readonly #children = new Map<string, HistogramCounts>();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly labelNames: readonly LabelName[],
    buckets: readonly number[],
    registers: Registry[],
  ) {
    this.#upperBounds = [...buckets].sort((a, b) => a - b);
    // registerMetric takes anything with a name and get(); prom-client's typing wants its Metric class.
    for (const registry of registers) registry.registerMetric(this as unknown as Parameters<Registry['registerMetric']>[0]);
  }

  /** The series of these label values (in labelNames' order), made once and kept by the caller. */
  child(...values: string[]): HistogramCounts {
    const key = values.join('\u0000');
    let counts = this.#children.get(key);
    if (!counts) {
      const labels: Record<string, string> = {};
      this.labelNames.forEach((name, index) => (labels[name] = values[index] ?? ''));
      this.#children.set(key, (counts = new HistogramCounts(this.#upperBounds, labels)));
    }
    return counts;
  }

  /** What the registry reads at a scrape: buckets (cumulative, then +Inf), sum and count per series seen. */
  get(): Promise<CollectedMetric> {
    const values: MetricValueWithName<string>[] = [];
    for (const counts of this.#children.values()) {
      // As prom-client: a series appears once it has an observation (a reset hides it again).
      if (counts.count === 0) continue;
      let cumulative = 0;
      this.#upperBounds.forEach((le, index) => {
        cumulative += counts.perBucket[index]!;
        values.push({ metricName: `${this.name}_bucket`, labels: { le, ...counts.labels }, value: cumulative });
      });
      values.push({ metricName: `${this.name}_bucket`, labels: { le: '+Inf', ...counts.labels }, value: counts.count });
      values.push({ metricName: `${this.name}_sum`, labels: { ...counts.labels }, value: counts.sum });
      values.push({ metricName: `${this.name}_count`, labels: { ...counts.labels }, value: counts.count });
    }
    return Promise.resolve({ name: this.name, help: this.help, type: this.type as unknown as MetricType, aggregator: this.aggregator, values });
  }

  /** Registry.resetMetrics(): every series back to nothing; kept children keep counting afterwards. */
  reset(): void {
    for (const counts of this.#children.values()) counts.reset();
  }
}
