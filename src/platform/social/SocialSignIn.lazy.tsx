import { lazy, Suspense, useEffect, useState, type ComponentProps } from 'react';
import { firstRender } from '../../lib/first-render';

/** The providers' look-up and buttons: no byte of them before the page has painted (docs/performance.md). */
const SocialSignInChunk = lazy(() => import('./SocialSignIn').then((module) => ({ default: module.SocialSignIn })));

/**
 * The provider buttons' place on the start page, the email form and the sign-in page: empty at the
 * first render; once the page has painted, the chunk that asks which providers are enabled.
 */
export function SocialSignIn(props: ComponentProps<typeof SocialSignInChunk>) {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let active = true;
    void firstRender().then(() => active && setPainted(true));
    return () => {
      active = false;
    };
  }, []);
  return painted ? (
    <Suspense fallback={null}>
      <SocialSignInChunk {...props} />
    </Suspense>
  ) : null;
}
