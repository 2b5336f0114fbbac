import type { HTMLAttributes, ReactNode } from 'react';
import { card } from './Card.css';

type CardProps = HTMLAttributes<HTMLDivElement> & {
  elevation?: 'flat' | 'raised';
  selected?: boolean;
  children: ReactNode;
};

export function Card({ elevation, selected, className, children, ...rest }: CardProps) {
  return (
    <div className={[card({ elevation, selected }), className].filter(Boolean).join(' ')} {...rest}>
      {children}
    </div>
  );
}
