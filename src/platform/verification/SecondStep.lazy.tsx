import { lazy, Suspense, type ComponentProps } from 'react';
import { Spinner } from '../../ui/Spinner';

/**
 * The sign-in's second step, downloaded when it is due (a verified factor on the account): most
 * people never see it, so no page carries it in its first-render JavaScript (docs/performance.md).
 * Pages call `loadSecondStep()` as soon as they know it will show.
 */
export const loadSecondStep = () => import('./SecondStep');

const SecondStepChunk = lazy(() => loadSecondStep().then((module) => ({ default: module.SecondStep })));

export function SecondStep(props: ComponentProps<typeof SecondStepChunk>) {
  return (
    <Suspense fallback={<Spinner />}>
      <SecondStepChunk {...props} />
    </Suspense>
  );
}
