import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

/** The code reads as one spaced group of digits; monospace keeps them from jumping while typing. */
export const codeInput = style({
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.title,
  letterSpacing: '0.4em',
  textAlign: 'center',
});

export const actions = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
});

/** Long addresses (and their unbroken domain labels) wrap instead of overflowing the card. */
export const recipient = style({
  overflowWrap: 'anywhere',
});
