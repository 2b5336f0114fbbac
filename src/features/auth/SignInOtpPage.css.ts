import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { segment, segmentChosen } from '../../ui/Segmented.css';
import { vars } from '../../ui/theme.css';

export const stack = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.medium,
});

/** The fieldset holding "Sign in with" and its two choices, without the browser's frame. */
export const methods = style({
  border: 0,
  padding: 0,
  margin: 0,
  minWidth: 0,
});

/** Phone or email (src/ui/Segmented.css.ts): buttons, so the browser's own look is undone. */
export const method = recipe({
  base: [
    segment,
    {
      paddingInline: vars.space.medium,
      border: 0,
      background: 'transparent',
      fontFamily: 'inherit',
      fontSize: vars.fontSize.body,
      lineHeight: vars.lineHeight.tight,
      transition: `background ${vars.duration.fast}, color ${vars.duration.fast}`,
      selectors: { '&:hover': { color: vars.color.text } },
    },
  ],
  variants: {
    chosen: { true: segmentChosen, false: {} },
  },
});

export const legend = style({
  fontSize: vars.fontSize.small,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.textSoft,
  marginBottom: vars.space.xxsmall,
  padding: 0,
});
