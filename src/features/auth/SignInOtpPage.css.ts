import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

export const stack = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.medium,
});

/** Two toggle buttons side by side, sharing the row. */
export const methods = style({
  display: 'grid',
  gridTemplateColumns: '1fr 1fr',
  gap: vars.space.xsmall,
  border: 0,
  padding: 0,
  margin: 0,
  minWidth: 0,
});

export const legend = style({
  fontSize: vars.fontSize.small,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.textSoft,
  marginBottom: vars.space.xxsmall,
  padding: 0,
});
