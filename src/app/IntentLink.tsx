import type { AnchorHTMLAttributes, ComponentProps, ReactNode } from 'react';
import { Link } from 'wouter';
import { button, type ButtonVariants } from '../ui/Button.css';
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

/**
 * A router link that looks like a button: the app's own pages are reached through the app chart
 * (src/ui's ButtonLink is a plain <a> that reloads the document: for addresses outside the SPA).
 */
export function IntentButtonLink({
  tone,
  size,
  block,
  className,
  ...rest
}: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'className'> & ButtonVariants & { href: string; className?: string; children: ReactNode }) {
  return <IntentLink className={[button({ tone, size, block }), className].filter(Boolean).join(' ')} {...rest} />;
}
