import { startTransition, useEffect, useState } from 'react';

/** Set while the markup on screen is the build's: its prerender, and React adopting it (src/main.tsx). */
let adoptingMarkup = false;

export function setAdoptingMarkup(on: boolean): void {
  adoptingMarkup = on;
}

/**
 * Whether this render may show what only the visitor's browser knows (its clock, its time zone, what
 * it supports): false in the build's prerender and while React adopts the prerendered markup (so the
 * markup holds nothing the build machine made up, and hydration finds what it expects), true in every
 * other render. After an adoption it turns true in a transition: React draws the browser's values in
 * slices it can interrupt, not in one long task while the page is coming alive.
 */
export function useBrowserValues(): boolean {
  const [shown, setShown] = useState(() => !adoptingMarkup);
  useEffect(() => {
    if (!shown) startTransition(() => setShown(true));
  }, [shown]);
  return shown;
}
