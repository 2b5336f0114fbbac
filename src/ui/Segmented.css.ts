import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

/**
 * A few choices drawn as one control (the paywall's yearly/monthly, the sign-in's phone/email): a
 * grey pill track, the chosen one raised in white. Lighter than filled buttons, so the page's one
 * primary action stays the only filled one.
 */
export const segmentedTrack = style({
  display: 'grid',
  gridTemplateColumns: '1fr 1fr',
  gap: vars.space.xxsmall,
  padding: vars.space.xxsmall,
  borderRadius: vars.radius.pill,
  background: vars.color.surfaceMuted,
});

/** One choice in the track; with the track's padding it is as tall as a field or a button. */
export const segment = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: vars.size.controlSmall,
  paddingInline: vars.space.small,
  borderRadius: vars.radius.pill,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.textSoft,
  textAlign: 'center',
  cursor: 'pointer',
});

/** The chosen one's look (a label's `:has(input:checked)`, a button's pressed state). */
export const segmentChosen = { background: vars.color.surface, color: vars.color.brandStrong, boxShadow: vars.shadow.card } as const;
