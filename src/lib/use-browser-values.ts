import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * Whether this render may show what only the visitor's browser knows (its clock, its time zone, what
 * it supports): false in the build's prerender and while React adopts the prerendered markup (so the
 * markup holds nothing the build machine made up, and hydration finds what it expects), true in every
 * other render, including the one React makes right after the adoption.
 */
export function useBrowserValues(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
