import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { button, type ButtonVariants } from '../ui/Button.css';
import { IntentLink } from './IntentLink';

/**
 * A router link that looks like a button: the app's own pages are reached through the app chart
 * (src/ui's ButtonLink is a plain <a> that reloads the document: for addresses outside the SPA).
 * Its own module: only pages use it, so the entry chunk (which has IntentLink for the shell) does not carry it.
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
