import { style, styleVariants } from '@vanilla-extract/css';
import { mobileQuery, vars } from '../../ui/theme.css';

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.large });
export const fields = style({ display: 'flex', flexDirection: 'column', gap: vars.space.medium });
export const actions = style({
  display: 'flex',
  gap: vars.space.small,
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  '@media': { [mobileQuery]: { flexDirection: 'column-reverse' } },
});

/** The progress indicator: a numbered list of steps, the current one marked with aria-current. */
export const progress = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridAutoFlow: 'column',
  gridAutoColumns: '1fr',
  gap: vars.space.xxsmall,
});
export const progressItem = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxsmall,
  fontSize: vars.fontSize.small,
  color: vars.color.textMuted,
  '@media': {
    // Phones show only the bars and the "Step n of m" line; labels would wrap into noise.
    [mobileQuery]: { fontSize: '0' },
  },
});
export const progressBar = styleVariants({
  done: { height: vars.space.xxsmall, borderRadius: vars.radius.pill, background: vars.color.brand },
  current: { height: vars.space.xxsmall, borderRadius: vars.radius.pill, background: vars.color.brand },
  todo: { height: vars.space.xxsmall, borderRadius: vars.radius.pill, background: vars.color.borderSoft },
});
export const progressCurrent = style({ color: vars.color.text, fontWeight: vars.fontWeight.medium });
export const progressSummary = style({ margin: 0, fontSize: vars.fontSize.small, color: vars.color.textMuted });

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

/** CRM initials avatar, the size of the voice avatars (32 px token). */
export const avatar = style({
  flex: 'none',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: vars.size.avatar,
  height: vars.size.avatar,
  borderRadius: vars.radius.pill,
  background: vars.color.brandSoft,
  color: vars.color.brandStrong,
  fontSize: vars.fontSize.small,
  fontWeight: vars.fontWeight.strong,
});

export const centered = style({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: vars.space.medium, textAlign: 'center' });
export const guidance = style({ margin: 0, paddingLeft: vars.space.large, display: 'flex', flexDirection: 'column', gap: vars.space.xsmall });
export const links = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.small });
