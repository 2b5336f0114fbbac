import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

export const actions = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
});

/** Long addresses (and their unbroken domain labels) wrap instead of overflowing the card. */
export const recipient = style({
  overflowWrap: 'anywhere',
});
