import { style } from '@vanilla-extract/css';
import { desktopQuery, vars } from '../../ui/theme.css';

/** Pitch beside the form on desktops, above it on phones. */
export const hero = style({
  display: 'grid',
  gap: vars.space.xlarge,
  alignItems: 'start',
  '@media': {
    [desktopQuery]: { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 28rem)', gap: vars.space.xxlarge },
  },
});

export const pitch = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.medium,
});

export const facts = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.xsmall,
});

export const fact = style({
  display: 'flex',
  gap: vars.space.xsmall,
  alignItems: 'baseline',
  color: vars.color.textSoft,
});

export const check = style({
  color: vars.color.brand,
  fontWeight: vars.fontWeight.strong,
});

export const form = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.medium,
});

/** First and last name side by side when there is room. */
export const nameRow = style({
  display: 'grid',
  gap: vars.space.medium,
  '@media': { [desktopQuery]: { gridTemplateColumns: '1fr 1fr' } },
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.small,
});

export const cards = style({
  display: 'grid',
  gap: vars.space.large,
  '@media': { [desktopQuery]: { gridTemplateColumns: 'repeat(auto-fit, minmax(14rem, 1fr))' } },
});

export const steps = style({
  margin: 0,
  paddingInlineStart: vars.space.large,
  display: 'grid',
  gap: vars.space.xsmall,
});

export const linkList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.small,
});

/** The demo form's 'call now' alternative, set apart from the booking above it. */
export const quickStart = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
  paddingTop: vars.space.medium,
  borderTop: `${vars.size.border} solid ${vars.color.borderSoft}`,
});
