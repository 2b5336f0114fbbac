import { style } from '@vanilla-extract/css';
import { desktopQuery, mobileQuery, vars } from '../../ui/theme.css';

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

export const reviewHero = style({ display: 'flex', flexDirection: 'column', gap: vars.space.small });

export const eyebrow = style({
  alignSelf: 'flex-start',
  paddingInline: vars.space.small,
  paddingBlock: vars.space.xxsmall,
  borderRadius: vars.radius.pill,
  background: vars.color.cautionSoft,
  color: vars.color.caution,
  fontSize: vars.fontSize.small,
  fontWeight: vars.fontWeight.medium,
});

/** Numbered steps joined by a line: what happens after a review, in order. */
export const timeline = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.large });

export const timelineItem = style({ display: 'flex', gap: vars.space.medium, alignItems: 'flex-start' });

export const timelineText = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxsmall, paddingTop: vars.space.xxsmall });
export const timelineBody = style({ color: vars.color.textMuted });

/**
 * The start page: on phones the form comes right after the title (above the fold at 375 × 812),
 * the pitch and facts after it; on desktops the pitch on the left, the form on the right.
 */
export const startHero = style({
  display: 'grid',
  gap: vars.space.large,
  gridTemplateAreas: '"title" "form" "details"',
  '@media': {
    [desktopQuery]: {
      gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 28rem)',
      gridTemplateAreas: '"title form" "details form"',
      gridTemplateRows: 'auto 1fr',
      columnGap: vars.space.xxlarge,
      alignItems: 'start',
    },
  },
});
export const startTitle = style({ gridArea: 'title', display: 'flex', flexDirection: 'column', gap: vars.space.small });
export const startForm = style({ gridArea: 'form' });
export const startDetails = style({ gridArea: 'details', display: 'flex', flexDirection: 'column', gap: vars.space.medium });
export const desktopOnly = style({ '@media': { [mobileQuery]: { display: 'none' } } });
export const mobileOnly = style({ '@media': { [desktopQuery]: { display: 'none' } } });

/** "Still under review": news, neither good nor bad, so neutral (not the green of a success). */
export const reviewNote = style({
  margin: 0,
  padding: `${vars.space.small} ${vars.space.medium}`,
  borderRadius: vars.radius.medium,
  background: vars.color.surfaceMuted,
  color: vars.color.text,
  fontSize: vars.fontSize.small,
});

/** The personal-email prompt's body: focused as it appears (tabindex -1), so it is a column of its own. */
export const prompt = style({ display: 'flex', flexDirection: 'column', gap: vars.space.small });
