import type { ReactNode } from 'react';
import * as styles from './Page.css';

interface PageProps {
  width?: 'narrow' | 'content' | 'wide';
  header?: ReactNode;
  children: ReactNode;
}

/** Full-height page frame: optional header, then the main landmark with the page's content. */
export function Page({ width, header, children }: PageProps) {
  return (
    <div className={styles.shell}>
      {header ? <header className={styles.header}>{header}</header> : null}
      <main className={styles.main({ width })}>{children}</main>
    </div>
  );
}

export const brandClassName = styles.brand;
