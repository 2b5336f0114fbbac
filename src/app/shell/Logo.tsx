import * as styles from './Shell.css';

/**
 * The Ringwise mark, drawn here: a rounded green tile holding a speech bubble with two rings
 * (a call going out). Decorative: the brand name beside it is the accessible text.
 */
export function Logo() {
  return (
    <svg className={styles.logo} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="9" className={styles.logoTile} />
      <path d="M9 10.5A3.5 3.5 0 0 1 12.5 7h7A3.5 3.5 0 0 1 23 10.5v5a3.5 3.5 0 0 1-3.5 3.5H15l-4.2 3.6c-.5.4-1.3.1-1.3-.6V18.6A3.5 3.5 0 0 1 9 15.5z" className={styles.logoBubble} />
      <circle cx="13" cy="13" r="1.4" className={styles.logoDot} />
      <circle cx="16" cy="13" r="1.4" className={styles.logoDot} />
      <circle cx="19" cy="13" r="1.4" className={styles.logoDot} />
    </svg>
  );
}
