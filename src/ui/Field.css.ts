import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from './theme.css';

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxsmall,
  minWidth: 0,
});

export const label = style({
  fontSize: vars.fontSize.small,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.textSoft,
});

export const hint = style({
  fontSize: vars.fontSize.small,
  color: vars.color.textMuted,
});

export const error = style({
  fontSize: vars.fontSize.small,
  color: vars.color.critical,
  margin: 0,
});

/** The box every form control shares (inputs, and the buttons that open pickers beside them). */
export const controlBox = style({
  minHeight: vars.size.control,
  paddingInline: vars.space.small,
  border: `${vars.size.border} solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  background: vars.color.surface,
  color: vars.color.text,
  fontFamily: 'inherit',
  // 16 px keeps iOS Safari from zooming into the field on focus.
  fontSize: vars.fontSize.body,
});

export const control = recipe({
  base: [
    controlBox,
    {
      width: '100%',
      paddingBlock: vars.space.xsmall,
      selectors: {
        '&:focus-visible': { borderColor: vars.color.focus },
        '&::placeholder': { color: vars.color.textMuted },
      },
    },
  ],
  variants: {
    invalid: {
      true: { borderColor: vars.color.criticalStrong, background: vars.color.criticalSubtle },
      false: {},
    },
    multiline: {
      true: { resize: 'vertical', lineHeight: vars.lineHeight.body },
      false: {},
    },
  },
  defaultVariants: { invalid: false, multiline: false },
});
