import { lazy, Suspense, type ComponentProps } from 'react';

/**
 * CodeEntry, downloaded when first needed: it shows only once a code is on its way, and it formats
 * the number with libphonenumber-js, which a page does not need to paint (see
 * docs/performance.md). Forms call `loadCodeEntry()` when they submit, so it is there by the time the
 * code has been sent.
 */
export const loadCodeEntry = () => import('./CodeEntry');

const CodeEntryChunk = lazy(() => loadCodeEntry().then((module) => ({ default: module.CodeEntry })));

export function CodeEntry(props: ComponentProps<typeof CodeEntryChunk>) {
  return (
    <Suspense fallback={null}>
      <CodeEntryChunk {...props} />
    </Suspense>
  );
}
