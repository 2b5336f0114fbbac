import { lazy, useState, type ComponentType } from 'react';

export type LazyPage = ComponentType & { preload: () => Promise<unknown> };

export interface LazyPageOptions {
  /**
   * Starts the server reads the page's first render waits for, each time its code is asked for
   * (start-up, a link's hover or tap), so they run beside the code's download instead of after it.
   */
  reads?: () => Promise<unknown>;
}

/**
 * A code-split page that can be fetched ahead of navigation (on hover, focus or touch). Once its
 * chunk is in, it renders the page itself: React.lazy would suspend on its first render even then
 * (it learns a chunk has loaded only a microtask after meeting it), which committed the loading
 * spinner and then the page, a flash and a shift (and, over a prerendered page, a redraw). Each
 * mount keeps what it started with, so a page drawn through the lazy is never remounted.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>, options: LazyPageOptions = {}): LazyPage {
  let pending: Promise<{ default: ComponentType }> | undefined;
  let loaded: ComponentType | undefined;
  const once = () =>
    (pending ??= load().then((module) => {
      loaded = module.default;
      return module;
    }));
  const Lazy = lazy(once);
  function Page() {
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Component />;
  }
  const preload = () => {
    options.reads?.().catch(() => undefined);
    return once();
  };
  return Object.assign(Page, { preload });
}
