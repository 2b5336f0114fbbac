import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { controlBox } from '../Field.css';
import { mobileQuery, vars } from '../theme.css';

export const group = style({
  position: 'relative',
  display: 'flex',
  gap: vars.space.xsmall,
  minWidth: 0,
});

export const countryButton = recipe({
  base: [
    controlBox,
    {
      flex: 'none',
      display: 'inline-flex',
      alignItems: 'center',
      gap: vars.space.xxsmall,
      cursor: 'pointer',
      selectors: {
        '&:hover:not(:disabled)': { background: vars.color.surfaceMuted },
        '&:disabled': { cursor: 'not-allowed', opacity: 0.6 },
      },
    },
  ],
  variants: {
    invalid: {
      true: { borderColor: vars.color.criticalStrong },
      false: {},
    },
  },
  defaultVariants: { invalid: false },
});

/** An SVG flag (./flags), 4:3; a hairline keeps white flags (Japan, Switzerland's cross) from melting into the page. */
export const flag = style({
  display: 'block',
  flex: 'none',
  width: '1.25rem',
  height: '0.9375rem',
  objectFit: 'cover',
  borderRadius: '2px',
  boxShadow: `0 0 0 ${vars.size.border} ${vars.color.borderSoft}`,
});

export const prefix = style({
  fontVariantNumeric: 'tabular-nums',
  color: vars.color.textSoft,
});

export const chevron = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.small,
  // The live region stays in the page (so screen readers announce it) but takes no room while empty.
  selectors: { '&:empty': { padding: 0 } },
});

export const numberInput = style({
  flex: 1,
  minWidth: 0,
});

export const popover = style({
  position: 'absolute',
  insetInlineStart: 0,
  top: `calc(100% + ${vars.space.xxsmall})`,
  zIndex: vars.zIndex.popover,
  width: '100%',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xsmall,
  padding: vars.space.xsmall,
  background: vars.color.surface,
  border: `${vars.size.border} solid ${vars.color.borderSoft}`,
  borderRadius: vars.radius.medium,
  boxShadow: vars.shadow.popover,
  '@media': {
    // On phones the field is often low on the screen, where a drop-down shows two rows: the picker
    // becomes a sheet along the bottom edge, the same height wherever the field is.
    [mobileQuery]: {
      position: 'fixed',
      top: 'auto',
      bottom: 0,
      insetInline: 0,
      width: 'auto',
      height: vars.size.sheet,
      paddingBottom: vars.space.medium,
      borderRadius: `${vars.radius.large} ${vars.radius.large} 0 0`,
    },
  },
});

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  // About seven rows: long enough to scan, short enough to keep the field in view on a phone.
  maxHeight: '18rem',
  overflowY: 'auto',
  overscrollBehavior: 'contain',
  // In the phone sheet the list takes the rest of the sheet's height.
  '@media': { [mobileQuery]: { maxHeight: 'none', flex: 1, minHeight: 0 } },
});

export const option = recipe({
  base: {
    display: 'flex',
    alignItems: 'center',
    gap: vars.space.xsmall,
    paddingInline: vars.space.xsmall,
    paddingBlock: vars.space.xsmall,
    borderRadius: vars.radius.small,
    cursor: 'pointer',
  },
  variants: {
    active: {
      true: { background: vars.color.brandSoft },
      false: {},
    },
    selected: {
      true: { fontWeight: vars.fontWeight.medium },
      false: {},
    },
  },
  defaultVariants: { active: false, selected: false },
});

export const optionName = style({
  flex: 1,
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const empty = style({
  margin: 0,
  padding: vars.space.xsmall,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.small,
  // The live region stays in the page (so screen readers announce it) but takes no room while empty.
  selectors: { '&:empty': { padding: 0 } },
});
