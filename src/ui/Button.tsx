import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { button, type ButtonVariants } from './Button.css';
import { Spinner } from './Spinner';

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> &
  ButtonVariants & {
    loading?: boolean;
    children: ReactNode;
  };

export function Button({ tone, size, block, loading = false, disabled, className, children, type = 'button', ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      className={[button({ tone, size, block }), className].filter(Boolean).join(' ')}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <Spinner /> : null}
      {children}
    </button>
  );
}

/** A link that looks like a button (navigation, not an action). */
export function ButtonLink({
  tone,
  size,
  block,
  className,
  children,
  ...rest
}: React.AnchorHTMLAttributes<HTMLAnchorElement> & ButtonVariants & { children: ReactNode }) {
  return (
    <a className={[button({ tone, size, block }), className].filter(Boolean).join(' ')} {...rest}>
      {children}
    </a>
  );
}
