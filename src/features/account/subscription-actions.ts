import { useState } from 'react';
import { ApiError, apiRequest } from '../../platform/api-client';
import { appActor } from '../../platform/app-actor';
import type { Language } from '../../../core/routes/languages';
import { subscriptionQuery } from '../../platform/person-queries';
import { queryClient } from '../../platform/query-cache';
import { signedInUser, useSignedInUser } from '../../platform/session/user-change';
import type { CardUpdateResponse, SubscriptionResponse } from '../../../core/contracts/payments';

/** The element that says how an action went; focus moves there once it is answered. */
export const OUTCOME_ID = 'subscription-outcome';

/** The POSTs the account page sends; each answers with the whole subscription again. */
export type ChangeAction = 'cancel' | 'resume' | 'refund';

/**
 * The account page's subscription actions: cancel, undo a cancellation, refund (the answer replaces
 * the cached subscription, so every part of the page shows the new stage at once), and leaving for
 * the card page. Once an action is answered focus goes to its outcome (OUTCOME_ID): the button or
 * confirmation it came from may be gone.
 */
export function useSubscriptionActions(lng: Language) {
  const [busy, setBusy] = useState<ChangeAction | 'card' | null>(null);
  const [done, setDone] = useState<ChangeAction | null>(null);
  const [errorCode, setErrorCode] = useState<string | null>(null);
  const userId = useSignedInUser();

  const change = async (action: ChangeAction) => {
    if (!userId) return;
    setBusy(action);
    setErrorCode(null);
    setDone(null);
    try {
      // Sent only as the person the page shows; their answer is kept only while they are signed in.
      const result = await apiRequest<SubscriptionResponse>(`/v1/subscription/${action}`, { method: 'POST', asUser: userId });
      if (signedInUser() === userId) queryClient.setQueryData(subscriptionQuery(userId).queryKey, result);
      setDone(action);
    } catch (error) {
      setErrorCode(error instanceof ApiError ? error.code : 'UNKNOWN_ERROR');
    } finally {
      setBusy(null);
      requestAnimationFrame(() => document.getElementById(OUTCOME_ID)?.focus());
    }
  };

  const updateCard = async () => {
    setBusy('card');
    setErrorCode(null);
    try {
      const { url } = await apiRequest<CardUpdateResponse>('/v1/subscription/payment-method', { method: 'POST', body: { locale: lng } });
      appActor().send({ type: 'leave', href: url });
    } catch (error) {
      setErrorCode(error instanceof ApiError ? error.code : 'UNKNOWN_ERROR');
      setBusy(null);
    }
  };

  return { busy, done, errorCode, change, updateCard };
}

export type SubscriptionActions = ReturnType<typeof useSubscriptionActions>;
