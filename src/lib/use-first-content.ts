import { useLayoutEffect } from 'react';
import { holdFirstContent } from './first-render';

/**
 * Holds what waits for the first render (analytics, the widgets, supabase-js) while this page shows a
 * loading line in place of its content, and lets it go once the content is drawn. A layout effect:
 * it runs before the routed page's first-render mark (a passive effect), so the hold is there when
 * the first render is marked.
 */
export function useFirstContentPending(pending: boolean): void {
  useLayoutEffect(() => (pending ? holdFirstContent() : undefined), [pending]);
}
