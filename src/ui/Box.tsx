import { createElement, type HTMLAttributes, type ReactNode } from 'react';
import { sprinkles, type Sprinkles } from './sprinkles.css';

type BoxProps = Sprinkles &
  Omit<HTMLAttributes<HTMLElement>, keyof Sprinkles> & {
    as?: 'div' | 'section' | 'main' | 'header' | 'footer' | 'nav' | 'ul' | 'li' | 'span' | 'form' | 'article' | 'aside' | 'p';
    children?: ReactNode;
  };

/** Layout primitive: the only way components set spacing, alignment and colour (through sprinkles). */
export function Box({ as = 'div', className, children, ...rest }: BoxProps) {
  const sprinkleProps: Record<string, unknown> = {};
  const nativeProps: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rest)) {
    if (sprinkles.properties.has(key as keyof Sprinkles)) sprinkleProps[key] = value;
    else nativeProps[key] = value;
  }
  const classes = [sprinkles(sprinkleProps as Sprinkles), className].filter(Boolean).join(' ');
  return createElement(as, { className: classes, ...nativeProps }, children);
}
