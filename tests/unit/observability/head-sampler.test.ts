import { ROOT_CONTEXT, SpanKind, trace, TraceFlags } from '@opentelemetry/api';
import { tracing } from '@opentelemetry/sdk-node';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from '../../../server/config/env';
import { headSampler } from '../../../server/observability/tracing';

const { SamplingDecision } = tracing;
const traceId = (n: number) => n.toString(16).padStart(32, '0');
const decide = (sampler: tracing.Sampler, id: string, parent = ROOT_CONTEXT) => sampler.shouldSample(parent, id, 'GET /v1/user', SpanKind.SERVER, {}, []).decision;
const parentWith = (flags: TraceFlags) => trace.setSpanContext(ROOT_CONTEXT, { traceId: traceId(7), spanId: '00000000000000aa', traceFlags: flags, isRemote: true });

/** OTEL_TRACES_SAMPLER and OTEL_TRACES_SAMPLER_ARG, read as OpenTelemetry's specification says. */
describe('head sampling from the standard variables', () => {
  it('leaves the SDK default (every trace) when unset', () => {
    expect(headSampler(tracing, {})).toBeUndefined();
  });

  it('keeps about the share parentbased_traceidratio names for new traces, and follows the caller otherwise', () => {
    const sampler = headSampler(tracing, { OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: 0.1 });
    if (!sampler) throw new Error('no sampler');
    let kept = 0;
    // Trace ids as the SDK makes them: random, so the ratio sampler's cut on their low bits is fair.
    for (let n = 0; n < 20_000; n += 1) {
      const id = crypto.getRandomValues(new Uint8Array(16)).reduce((hex, byte) => hex + byte.toString(16).padStart(2, '0'), '');
      if (decide(sampler, id) === SamplingDecision.RECORD_AND_SAMPLED) kept += 1;
    }
    expect(kept / 20_000).toBeGreaterThan(0.08);
    expect(kept / 20_000).toBeLessThan(0.12);
    expect(decide(sampler, traceId(7), parentWith(TraceFlags.SAMPLED))).toBe(SamplingDecision.RECORD_AND_SAMPLED);
    expect(decide(sampler, traceId(7), parentWith(TraceFlags.NONE))).toBe(SamplingDecision.NOT_RECORD);
  });

  it('reads always_off, always_on and a ratio without a share (every trace)', () => {
    const off = headSampler(tracing, { OTEL_TRACES_SAMPLER: 'always_off' });
    const on = headSampler(tracing, { OTEL_TRACES_SAMPLER: 'always_on' });
    const ratio = headSampler(tracing, { OTEL_TRACES_SAMPLER: 'traceidratio' });
    expect(off && decide(off, traceId(1))).toBe(SamplingDecision.NOT_RECORD);
    expect(on && decide(on, traceId(1), parentWith(TraceFlags.NONE))).toBe(SamplingDecision.RECORD_AND_SAMPLED);
    expect(ratio && decide(ratio, traceId(1))).toBe(SamplingDecision.RECORD_AND_SAMPLED);
  });

  it('refuses a misspelt sampler or a share outside 0…1 at start, by name', () => {
    expect(parseEnv({ OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.05' })).toMatchObject({ OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: 0.05 });
    expect(() => parseEnv({ OTEL_TRACES_SAMPLER: 'ratio' })).toThrow(ConfigError);
    expect(() => parseEnv({ OTEL_TRACES_SAMPLER: 'ratio' })).toThrow(/OTEL_TRACES_SAMPLER="ratio"/);
    expect(() => parseEnv({ OTEL_TRACES_SAMPLER_ARG: '1.5' })).toThrow(/OTEL_TRACES_SAMPLER_ARG/);
  });
});
