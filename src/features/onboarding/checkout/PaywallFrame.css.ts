import { style } from '@vanilla-extract/css';
import { mobileQuery, vars } from '../../../ui/theme.css';

/** The plans' stand-in: the same column and gaps as the form it makes room for. */
export const skeleton = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.large,
});

/** Still, not pulsing: an animation would repaint on every frame while a phone's CPU is busiest. */
const block = style({
  borderRadius: vars.radius.large,
  background: vars.color.surfaceMuted,
});

/** The yearly/monthly switch's pill. */
export const intervalBlock = style([block, { height: `calc(${vars.size.controlSmall} + 2 * ${vars.space.xxsmall})`, borderRadius: vars.radius.pill }]);

export const planBlocks = style({
  display: 'grid',
  gridTemplateColumns: '1fr 1fr',
  gap: vars.space.medium,
  '@media': { [mobileQuery]: { gridTemplateColumns: '1fr' } },
});

/** A plan card: name, price, discount badge and a line of description. */
export const planBlock = style([block, { height: `calc(3 * ${vars.space.xxlarge})` }]);

/** The summary card with the trial's dates and 'Start my free trial'. */
export const summaryBlock = style([block, { height: `calc(6 * ${vars.space.xxlarge})` }]);
