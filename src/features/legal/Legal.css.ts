import { style } from '@vanilla-extract/css';
import { desktopQuery, vars } from '../../ui/theme.css';

export const article = style({ display: 'flex', flexDirection: 'column', gap: vars.space.large });
export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xsmall });
export const body = style({ margin: 0, color: vars.color.textSoft, lineHeight: vars.lineHeight.body });

export const contactGrid = style({
  display: 'grid',
  gap: vars.space.large,
  '@media': { [desktopQuery]: { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 20rem)' } },
});

export const details = style({ display: 'grid', gap: vars.space.medium, margin: 0 });
export const term = style({ fontSize: vars.fontSize.small, color: vars.color.textMuted });
export const value = style({ margin: 0, fontWeight: vars.fontWeight.medium });
