import * as styles from '../Onboarding.css';

type Tone = keyof typeof styles.markTile;

/**
 * Our own drawn marks for the CRMs in the list: a rounded tile in a colour of its own with a
 * monogram, all on one grid so they read as a set. Not the vendors' logos (we have no licence to
 * them), but distinct enough to find one's CRM at a glance. Decorative: the name is beside it.
 */
const marks: Record<string, { letters: string; tone: Tone }> = {
  hubspot: { letters: 'H', tone: 'orange' },
  salesforce: { letters: 'S', tone: 'blue' },
  pipedrive: { letters: 'P', tone: 'green' },
  zoho: { letters: 'Z', tone: 'red' },
  monday: { letters: 'm', tone: 'violet' },
  close: { letters: 'C', tone: 'navy' },
  copper: { letters: 'Cu', tone: 'orange' },
  freshsales: { letters: 'F', tone: 'teal' },
  attio: { letters: 'A', tone: 'slate' },
  folk: { letters: 'f', tone: 'violet' },
  dynamics: { letters: 'D', tone: 'blue' },
  sellsy: { letters: 'S', tone: 'teal' },
  axonaut: { letters: 'Ax', tone: 'navy' },
  noCRM: { letters: 'n', tone: 'green' },
  jobber: { letters: 'J', tone: 'green' },
  servicetitan: { letters: 'ST', tone: 'red' },
};

export function hasCrmMark(id: string): boolean {
  return id in marks;
}

export function CrmMark({ id }: { id: string }) {
  const mark = marks[id];
  if (!mark) return null;
  const small = mark.letters.length > 1;
  return (
    <svg className={styles.mark} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" className={styles.markTile[mark.tone]} />
      {/* A soft highlight along the top edge gives every tile the same drawn, slightly raised look. */}
      <path d="M8 0h16a8 8 0 0 1 8 8v2H0V8a8 8 0 0 1 8-8z" className={styles.markShine} />
      <text x="16" y="21.5" textAnchor="middle" className={small ? styles.markLettersSmall : styles.markLetters}>
        {mark.letters}
      </text>
    </svg>
  );
}

/** The "none" and "other" choices get a drawn symbol in the same tile, so the list stays aligned. */
export function CrmSymbol({ kind }: { kind: 'none' | 'other' }) {
  return (
    <svg className={styles.mark} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" className={styles.markTileMuted} />
      {kind === 'none' ? (
        <path d="M10 22L22 10M12.5 10h7a2.5 2.5 0 0 1 2.5 2.5v7a2.5 2.5 0 0 1-2.5 2.5h-7a2.5 2.5 0 0 1-2.5-2.5v-7a2.5 2.5 0 0 1 2.5-2.5z" className={styles.markStroke} />
      ) : (
        <path d="M16 10v12M10 16h12" className={styles.markStroke} />
      )}
    </svg>
  );
}
