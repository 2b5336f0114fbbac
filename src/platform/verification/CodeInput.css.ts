import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

/** The code reads as one spaced group of digits; monospace keeps them from jumping while typing. */
export const input = style({
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.title,
  letterSpacing: '0.4em',
  textAlign: 'center',
});
