import { useEffect } from 'react';

/**
 * Focus follows the step: on arrival and after each move (a new `step`), the step's heading takes it
 * (not <body>), so screen readers announce where the person is and Tab starts from the step's first field.
 */
export function useStepHeadingFocus(step: string): void {
  useEffect(() => {
    let frames = 0;
    let handle = 0;
    const focusHeading = () => {
      const heading = document.querySelector<HTMLElement>('main h1');
      if (heading) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
        return;
      }
      // The steps' or the paywall's chunk may still be loading: try again on the next frames, for
      // about five seconds (a phone on a slow network).
      if ((frames += 1) < 300) handle = requestAnimationFrame(focusHeading);
    };
    handle = requestAnimationFrame(focusHeading);
    return () => cancelAnimationFrame(handle);
  }, [step]);
}
