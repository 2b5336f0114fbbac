import type { ComponentProps } from 'react';
import { Link } from 'wouter';
import { decideRoute } from '../../core/routes/route-matching';
import { routePages } from './routes';

/** Fetches the code of the page an address shows, so navigation after a hover or tap is instant. */
export function preloadRoute(href: string): void {
  const decision = decideRoute(new URL(href, window.location.origin).pathname);
  if (decision.kind === 'page') void routePages[decision.name].preload();
}

type IntentLinkProps = ComponentProps<typeof Link> & { href: string };

/** A router link that preloads its page on intent: pointer over, keyboard focus or touch start. */
export function IntentLink({ href, onPointerEnter, onFocus, onTouchStart, ...rest }: IntentLinkProps) {
  return (
    <Link
      href={href}
      onPointerEnter={(event) => {
        preloadRoute(href);
        onPointerEnter?.(event);
      }}
      onFocus={(event) => {
        preloadRoute(href);
        onFocus?.(event);
      }}
      onTouchStart={(event) => {
        preloadRoute(href);
        onTouchStart?.(event);
      }}
      {...rest}
    />
  );
}
