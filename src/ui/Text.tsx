import type { HTMLAttributes, ReactNode, Ref } from 'react';
import { heading, text } from './Text.css';

export function Heading({
  level = 1,
  className,
  children,
  ...rest
}: { level?: 1 | 2 | 3; children: ReactNode; ref?: Ref<HTMLHeadingElement> } & HTMLAttributes<HTMLHeadingElement>) {
  const Tag = `h${level}` as const;
  return (
    <Tag className={[heading({ level }), className].filter(Boolean).join(' ')} {...rest}>
      {children}
    </Tag>
  );
}

export function Text({
  tone,
  size,
  className,
  children,
  ...rest
}: { tone?: 'normal' | 'muted' | 'critical'; size?: 'small' | 'body' | 'lead'; children: ReactNode } & HTMLAttributes<HTMLParagraphElement>) {
  return (
    <p className={[text({ tone, size }), className].filter(Boolean).join(' ')} {...rest}>
      {children}
    </p>
  );
}
