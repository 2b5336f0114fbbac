import { useQuery } from '@tanstack/react-query';
import type { PromotionResponse } from '../../../../core/contracts/payments';
import { readTrackingParams } from '../../../../core/routes/tracking-params';
import { apiRequest } from '../../../platform/api-client';
import { personalKey, queryClient, retryUpTo } from '../../../platform/query-cache';
import { useSignedInUser } from '../../../platform/session/user-change';
import { CHECKOUT_STALE_MS } from './checkout-queries';

export type PaywallPromotion = { code: string; percentOff: number } | null;

/**
 * The promotion the checkout will apply to the custom_code this visit carries (#37.1), asked of the
 * server (GET /v1/subscription/promotion) so the paywall's first payment is the hosted checkout's and
 * the account page's. `settled` is false while asked: the paywall waits rather than show the full
 * price and then another. No code, or a failed read, shows the full price (the checkout ignores an
 * unknown code the same way).
 */
export function usePromotion(ask: boolean): { promotion: PaywallPromotion; settled: boolean } {
  const userId = useSignedInUser() ?? undefined;
  const code = readTrackingParams().custom_code;
  const enabled = ask && userId !== undefined && code !== undefined;
  const query = useQuery(
    {
      queryKey: personalKey(userId ?? '', 'promotion', code ?? null),
      queryFn: ({ signal }) => apiRequest<PromotionResponse>('/v1/subscription/promotion', { query: { code }, signal }),
      select: (answer) => answer.promotion,
      enabled,
      staleTime: CHECKOUT_STALE_MS,
      retry: retryUpTo(1),
    },
    queryClient,
  );
  return { promotion: query.data ?? null, settled: !enabled || !query.isPending };
}
