import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

/** SPEC §2: dark-green gradient, white text, pill corners, 600 px wide, sized to its content. */
export const toast = style({
  background: vars.gradient.toast,
  color: vars.color.onBrand,
  borderRadius: vars.radius.pill,
  width: 'fit-content',
  maxWidth: `min(${vars.size.toastWidth}, calc(100vw - 2 * ${vars.space.gutterMobile}))`,
  padding: `${vars.space.small} ${vars.space.large}`,
  fontSize: vars.fontSize.small,
  boxShadow: vars.shadow.popover,
});

export const container = style({
  zIndex: vars.zIndex.toast,
});
