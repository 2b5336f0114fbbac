/** SPEC §2/§5: optional tracking params on any route; custom_code has its own storage key. */
export const trackingParamNames = ['custom_code', 'utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
export type TrackingParamName = (typeof trackingParamNames)[number];

export const customCodeStorageKey = 'allo_checkout_custom_code';

const storageKeyOf = (name: TrackingParamName) => (name === 'custom_code' ? customCodeStorageKey : name);

/** Longest tracking value kept, once trimmed. */
const maxTrackingLength = 200;

// Bounded so a crafted link cannot fill localStorage or smuggle a huge value into analytics. Saved
// on every first render, hence a plain check: the first render loads no zod (#16).
function trackingValue(value: string | null): string | undefined {
  const text = value?.trim();
  return text && text.length <= maxTrackingLength ? text : undefined;
}

/** Saves each tracking param present in the search string; returns what it saved. */
export function saveTrackingParams(search: string, storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage) {
  const params = new URLSearchParams(search);
  const saved: Partial<Record<TrackingParamName, string>> = {};
  for (const name of trackingParamNames) {
    const value = trackingValue(params.get(name));
    if (value === undefined) continue;
    try {
      storage?.setItem(storageKeyOf(name), value);
      saved[name] = value;
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
