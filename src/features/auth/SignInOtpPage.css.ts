import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
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

/**
 * The two choices as a segmented control: a grey track, the chosen one raised in white. Lighter than
 * two filled pills, so "Send code" below stays the page's one primary action.
 */
export const track = style({
  display: 'grid',
  gridTemplateColumns: '1fr 1fr',
  gap: vars.space.xxsmall,
  padding: vars.space.xxsmall,
  borderRadius: vars.radius.pill,
  background: vars.color.surfaceMuted,
});

export const method = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    // With the track's padding the control is as tall as a field or a button.
    minHeight: vars.size.controlSmall,
    paddingInline: vars.space.medium,
    border: `${vars.size.border} solid transparent`,
    borderRadius: vars.radius.pill,
    background: 'transparent',
    color: vars.color.textSoft,
    fontFamily: 'inherit',
    fontSize: vars.fontSize.body,
    fontWeight: vars.fontWeight.medium,
    lineHeight: vars.lineHeight.tight,
    cursor: 'pointer',
    transition: `background ${vars.duration.fast}, color ${vars.duration.fast}`,
    selectors: { '&:hover': { color: vars.color.text } },
  },
  variants: {
    chosen: {
      true: { background: vars.color.surface, color: vars.color.brandStrong, borderColor: vars.color.borderSoft },
      false: {},
    },
  },
});

export const legend = style({
  fontSize: vars.fontSize.small,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.textSoft,
  marginBottom: vars.space.xxsmall,
  padding: 0,
});
