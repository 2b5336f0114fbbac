import type { ReactNode } from 'react';
import { alert } from './Alert.css';

/** Critical alerts interrupt screen readers (role="alert"); others are announced politely. */
export function Alert({ tone = 'info', children }: { tone?: 'critical' | 'caution' | 'info' | 'positive'; children: ReactNode }) {
  return (
    <div role={tone === 'critical' ? 'alert' : 'status'} className={alert({ tone })}>
      {children}
    </div>
  );
}
