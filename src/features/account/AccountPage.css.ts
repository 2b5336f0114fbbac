import { style } from '@vanilla-extract/css';
import { mobileQuery, vars } from '../../ui/theme.css';

/** Label/value pairs: two columns on desktop, stacked on phones. */
export const details = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: `${vars.space.xsmall} ${vars.space.large}`,
  margin: 0,
  '@media': { [mobileQuery]: { gridTemplateColumns: '1fr', gap: vars.space.xxsmall } },
});

export const term = style({ color: vars.color.textMuted, fontSize: vars.fontSize.small });

export const value = style({
  margin: 0,
  fontWeight: vars.fontWeight.medium,
  '@media': { [mobileQuery]: { marginBottom: vars.space.xsmall } },
});

/** Groups a dt/dd pair for React keys without adding a box to the grid. */
export const pair = style({ display: 'contents' });
