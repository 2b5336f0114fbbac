import { z } from 'zod/mini';

/** SPEC §2/§5: optional tracking params on any route; custom_code has its own storage key. */
export const trackingParamNames = ['custom_code', 'utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
export type TrackingParamName = (typeof trackingParamNames)[number];

export const customCodeStorageKey = 'allo_checkout_custom_code';

const storageKeyOf = (name: TrackingParamName) => (name === 'custom_code' ? customCodeStorageKey : name);

// Bounded so a crafted link cannot fill localStorage or smuggle a huge value into analytics. Saved
// on every first render, hence zod/mini (a few KB) rather than the chained API.
const trackingValue = z.string().check(z.trim(), z.minLength(1), z.maxLength(200));

/** Saves each tracking param present in the search string; returns what it saved. */
export function saveTrackingParams(search: string, storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage) {
  const params = new URLSearchParams(search);
  const saved: Partial<Record<TrackingParamName, string>> = {};
  for (const name of trackingParamNames) {
    const parsed = trackingValue.safeParse(params.get(name) ?? undefined);
    if (!parsed.success) continue;
    try {
      storage?.setItem(storageKeyOf(name), parsed.data);
      saved[name] = parsed.data;
    } catch {
      // Storage unavailable (private mode, quota): tracking is best effort.
    }
  }
  return saved;
}

export function readTrackingParams(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage) {
  const values: Partial<Record<TrackingParamName, string>> = {};
  for (const name of trackingParamNames) {
    try {
      const value = storage?.getItem(storageKeyOf(name));
      if (value) values[name] = value;
    } catch {
      // See saveTrackingParams.
    }
  }
  return values;
}
