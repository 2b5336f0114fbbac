import * as styles from './Spinner.css';

/** Decorative by default: the control it sits in carries the accessible busy state. */
export function Spinner({ label }: { label?: string }) {
  return label ? (
    <span role="status" aria-label={label} className={styles.root} />
  ) : (
    <span aria-hidden="true" className={styles.root} />
  );
}
