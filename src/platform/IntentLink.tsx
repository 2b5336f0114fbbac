import type { ComponentProps } from 'react';
import { Link } from 'wouter';
import { preloadRoute } from './page-preload';

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
