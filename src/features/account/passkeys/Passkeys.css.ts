import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css';

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
export const itemName = style({ margin: 0, fontWeight: vars.fontWeight.strong, overflowWrap: 'anywhere' });
// textSoft, not textMuted: on surfaceMuted the muted grey falls under 4.5:1.
export const itemDetail = style({ margin: 0, color: vars.color.textSoft, fontSize: vars.fontSize.small, overflowWrap: 'anywhere' });

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.medium });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.small });
export const rename = style({ display: 'flex', flexDirection: 'column', gap: vars.space.small, flexBasis: '100%' });
