import type { ReactNode } from 'react';
import * as styles from './Page.css';

interface PageProps {
  width?: 'narrow' | 'content' | 'wide';
  children: ReactNode;
}

/**
 * A page's main landmark inside the site shell. `id="main"` is the skip link's target; tabIndex -1
 * lets pages move focus there on arrival without adding a Tab stop.
 */
export function Page({ width, children }: PageProps) {
  return (
    <main id="main" tabIndex={-1} className={styles.main({ width })}>
      {children}
    </main>
  );
}

