import { useEffect, useState } from 'react';
import type { FunnelChartNumbers, FunnelChartQuery } from '../../../core/contracts/analytics';

export type NumbersState =
  | { status: 'loading' }
  | { status: 'ready'; numbers: FunnelChartNumbers }
  | { status: 'team-only' }
  | { status: 'failed'; code: string };

/** The team's funnel numbers for the chart (GET /admin/funnel/chart.json, admin sign-in like /admin/funnel). */
export function useFunnelNumbers(query: FunnelChartQuery): NumbersState {
  const search = new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => Boolean(entry[1]))).toString();
  // The answer is kept with the query it answers: a newer query shows 'loading' until its own arrives.
  const [answer, setAnswer] = useState<{ search: string; state: NumbersState } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    const setState = (state: NumbersState) => setAnswer({ search, state });
    fetch(`/admin/funnel/chart.json?${search}`, { credentials: 'same-origin', signal: controller.signal })
      .then(async (response) => {
        if (response.status === 401 || response.status === 403) return setState({ status: 'team-only' });
        const body = (await response.json().catch(() => null)) as (FunnelChartNumbers & { code?: string }) | null;
        if (!response.ok || !body?.steps) return setState({ status: 'failed', code: body?.code ?? String(response.status) });
        setState({ status: 'ready', numbers: body });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'failed', code: error instanceof Error ? error.name : 'NETWORK' });
      });
    return () => controller.abort();
  }, [search]);
  return answer?.search === search ? answer.state : { status: 'loading' };
}

/** The last `days` days up to today (UTC), as the filter's first period. */
export function lastDays(days: number, now = new Date()): { from: string; to: string } {
  const from = new Date(now);
  from.setUTCDate(from.getUTCDate() - (days - 1));
  return { from: from.toISOString().slice(0, 10), to: now.toISOString().slice(0, 10) };
}
