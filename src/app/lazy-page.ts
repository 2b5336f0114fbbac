import { lazy, type ComponentType } from 'react';

export type LazyPage = ReturnType<typeof lazy<ComponentType>> & { preload: () => Promise<unknown> };

/** A code-split page that can be fetched ahead of navigation (on hover, focus or touch). */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let pending: Promise<{ default: ComponentType }> | undefined;
  const once = () => (pending ??= load());
  return Object.assign(lazy(once), { preload: once });
}
