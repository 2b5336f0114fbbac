import { style, styleVariants } from '@vanilla-extract/css';
import { desktopQuery, mobileQuery, vars } from '../../ui/theme.css';

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.large });
export const fields = style({ display: 'flex', flexDirection: 'column', gap: vars.space.medium });
export const actions = style({
  display: 'flex',
  gap: vars.space.small,
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  '@media': { [mobileQuery]: { flexDirection: 'column-reverse' } },
});

/** The progress indicator: a bar per step, labels under them on desktops; the current one marked with aria-current. */
export const progressRoot = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xsmall });
export const progress = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridAutoFlow: 'column',
  // Equal columns, but none narrower than its label's longest word: a label wraps between words,
  // never inside one ("Compa/ny", "Télépho/ne" at 1280 px with equal minmax(0, 1fr) columns).
  gridAutoColumns: 'minmax(min-content, 1fr)',
  // Room between two labels that now take their words' full width.
  columnGap: vars.space.xsmall,
  rowGap: vars.space.xxsmall,
});
export const progressItem = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxsmall,
  fontSize: vars.fontSize.small,
  color: vars.color.textMuted,
});
/** Phones show only the bars and the "Step n of m · label" line; six labels would wrap into noise. */
export const progressLabel = style({ overflowWrap: 'normal', hyphens: 'manual', '@media': { [mobileQuery]: { display: 'none' } } });
const bar = { height: vars.space.xxsmall, borderRadius: vars.radius.pill } as const;
export const progressBar = styleVariants({
  done: { ...bar, background: vars.color.brand },
  current: { ...bar, background: vars.color.brand },
  todo: { ...bar, background: vars.color.borderSoft },
});
export const progressCurrent = style({ color: vars.color.text, fontWeight: vars.fontWeight.medium });
export const progressSummary = style({ margin: 0, fontSize: vars.fontSize.small, color: vars.color.textMuted });
export const progressSummaryLabel = style({ '@media': { [desktopQuery]: { display: 'none' } } });

/** Choice lists (size, CRM): native radios inside full-width labels, so keyboard and readers work. */
export const fieldset = style({ border: 0, margin: 0, padding: 0, minWidth: 0, display: 'flex', flexDirection: 'column', gap: vars.space.xsmall });
export const legend = style({ padding: 0, marginBottom: vars.space.xsmall, fontWeight: vars.fontWeight.medium });
export const choice = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.small,
  minHeight: vars.size.control,
  paddingInline: vars.space.medium,
  paddingBlock: vars.space.xsmall,
  border: `${vars.size.border} solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  background: vars.color.surface,
  cursor: 'pointer',
  selectors: {
    '&:has(input:checked)': { borderColor: vars.color.brand, background: vars.color.brandSubtle },
    '&:has(input:focus-visible)': { outline: `${vars.size.focusRing} solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});
export const radio = style({ accentColor: vars.color.brand, margin: 0 });
export const choiceGrid = style({
  display: 'grid',
  gap: vars.space.xsmall,
  gridTemplateColumns: 'repeat(auto-fill, minmax(12rem, 1fr))',
});

export const centered = style({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: vars.space.medium, textAlign: 'center' });
export const guidance = style({ margin: 0, paddingLeft: vars.space.large, display: 'flex', flexDirection: 'column', gap: vars.space.xsmall });
export const links = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.small });

/** A CRM's drawn mark (CrmMark.tsx): one size for all, tiles in the mark palette. */
export const mark = style({ flex: 'none', width: vars.size.mark, height: vars.size.mark });
export const markTile = styleVariants({
  orange: { fill: vars.color.markOrange },
  blue: { fill: vars.color.markBlue },
  navy: { fill: vars.color.markNavy },
  teal: { fill: vars.color.markTeal },
  violet: { fill: vars.color.markViolet },
  red: { fill: vars.color.markRed },
  green: { fill: vars.color.markGreen },
  slate: { fill: vars.color.markSlate },
});
export const markTileMuted = style({ fill: vars.color.surfaceMuted });
export const markShine = style({ fill: vars.color.onBrand, opacity: 0.14 });
const letters = { fill: vars.color.onBrand, fontFamily: vars.font.body, fontWeight: vars.fontWeight.strong, letterSpacing: '-0.02em' } as const;
export const markLetters = style({ ...letters, fontSize: '16px' });
export const markLettersSmall = style({ ...letters, fontSize: '12.5px' });
export const markStroke = style({ fill: 'none', stroke: vars.color.textSoft, strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' });

/** The CRM list: two compact columns on phones (18 choices fit in about one screen), three on desktops. */
export const crmGrid = style({
  display: 'grid',
  gap: vars.space.xsmall,
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  '@media': { [desktopQuery]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } },
});
export const crmChoice = style([
  choice,
  {
    paddingInline: vars.space.xsmall,
    gap: vars.space.xsmall,
    fontSize: vars.fontSize.small,
    lineHeight: vars.lineHeight.tight,
    minWidth: 0,
    // Holds the visually hidden radio.
    position: 'relative',
  },
]);
/** The radio stays for keyboards and screen readers; the tile's border and tint show the choice. */
export const crmRadio = style([radio, { position: 'absolute', opacity: 0, width: '1px', height: '1px' }]);
export const crmName = style({ minWidth: 0, overflowWrap: 'anywhere' });
export const crmExtras = style({ display: 'grid', gap: vars.space.xsmall, gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' });
