import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

export const toolbar = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xsmall, alignItems: 'center' });
/** The drawing scrolls inside the page (charts are wider than a phone); dragging it pans. */
export const canvas = style({
  overflow: 'auto',
  maxHeight: '75vh',
  cursor: 'grab',
  touchAction: 'none',
  border: `${vars.size.border} solid ${vars.color.borderSoft}`,
  borderRadius: vars.radius.medium,
  background: vars.color.surface,
});
export const state = style({ fill: vars.color.surface, stroke: vars.color.border, strokeWidth: 1 });
export const compound = style({ fill: vars.color.brandSubtle, stroke: vars.color.border, strokeWidth: 1 });
export const active = style({ fill: vars.color.brandSoft, stroke: vars.color.brand, strokeWidth: 3 });
export const label = style({ fontSize: vars.fontSize.small, fill: vars.color.text, fontFamily: vars.font.body });
export const edge = style({ fill: 'none', stroke: vars.color.textMuted, strokeWidth: 1 });
export const edgeLabel = style({ fontSize: '0.625rem', fill: vars.color.textSoft, fontFamily: vars.font.body });
export const arrow = style({ fill: vars.color.textMuted });
/** The whole chart scaled to the canvas's width; zoomed, it scrolls (and pans by dragging). */
export const fitted = style({ display: 'block', width: '100%', height: 'auto' });
