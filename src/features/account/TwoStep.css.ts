import { style } from '@vanilla-extract/css';
import { desktopQuery, vars } from '../../ui/theme.css';

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.xsmall });

export const item = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.small,
  padding: vars.space.medium,
  borderRadius: vars.radius.medium,
  background: vars.color.surfaceMuted,
});

export const itemText = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxsmall, minWidth: 0 });
export const itemName = style({ margin: 0, fontWeight: vars.fontWeight.strong });
// textSoft, not textMuted: on surfaceMuted the muted grey falls under 4.5:1.
export const itemDetail = style({ margin: 0, color: vars.color.textSoft, fontSize: vars.fontSize.small, overflowWrap: 'anywhere' });

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.medium });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.small });

/** The enrolment's numbered steps. */
export const steps = style({ margin: 0, paddingInlineStart: vars.space.large, display: 'flex', flexDirection: 'column', gap: vars.space.medium });

export const qrRow = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.medium, marginTop: vars.space.small });

/** Large enough for a phone camera at arm's length; quiet zone from the SVG's own white margin. */
export const qr = style({
  display: 'block',
  width: `calc(${vars.size.control} * 4)`,
  height: `calc(${vars.size.control} * 4)`,
  borderRadius: vars.radius.small,
  border: `${vars.size.border} solid ${vars.color.borderSoft}`,
});

export const secretBox = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xsmall, minWidth: 0 });

export const secret = style({
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.body,
  letterSpacing: '0.08em',
  padding: vars.space.small,
  borderRadius: vars.radius.small,
  background: vars.color.surfaceMuted,
  overflowWrap: 'anywhere',
  userSelect: 'all',
});

export const confirmBox = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
  flexBasis: '100%',
  padding: vars.space.medium,
  borderRadius: vars.radius.medium,
  border: `${vars.size.border} solid ${vars.color.criticalSoft}`,
  background: vars.color.criticalSubtle,
});

export const choice = style({ display: 'grid', gap: vars.space.small, '@media': { [desktopQuery]: { gridTemplateColumns: '1fr 1fr' } } });

/** A code field and its buttons read as one short form, not a full-width bar. */
export const codeForm = style({ maxWidth: vars.size.contentNarrow, marginTop: vars.space.small });
