/**
 * A chunk the browser downloads once, on first need (a focus, a send, an idle moment): every caller
 * shares the one download, and a failed download is forgotten so the next need tries again (a phone
 * that lost the network for a moment is not left without the code for the rest of its visit).
 * `loaded()` answers synchronously once the chunk is here, for code that must not wait.
 */
export interface LazyChunk<T> {
  load(): Promise<T>;
  loaded(): T | undefined;
}

export function lazyChunk<T>(importChunk: () => Promise<T>): LazyChunk<T> {
  let value: T | undefined;
  let loading: Promise<T> | undefined;
  return {
    load: () =>
      (loading ??= importChunk().then(
        (module) => (value = module),
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      )),
    loaded: () => value,
  };
}
