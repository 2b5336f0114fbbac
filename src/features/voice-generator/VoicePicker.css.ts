import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import * as field from '../../ui/Field.css';
import { desktopQuery, mobileQuery, vars } from '../../ui/theme.css';

export const root = style([field.root, { position: 'relative' }]);

export const label = field.label;

/** SPEC §2: the dropdown grid is the wide-screen control… */
export const desktopOnly = style({
  '@media': { [mobileQuery]: { display: 'none' } },
});

/** …and the native select the phone one (below 768 px). */
export const mobileOnly = style({
  '@media': { [desktopQuery]: { display: 'none' } },
});

export const trigger = style([
  field.controlBox,
  {
    display: 'inline-flex',
    alignItems: 'center',
    gap: vars.space.small,
    fontWeight: vars.fontWeight.medium,
    cursor: 'pointer',
    selectors: {
      '&:hover': { borderColor: vars.color.brand },
      '&[aria-expanded="true"]': { borderColor: vars.color.brand, background: vars.color.brandSubtle },
    },
  },
]);

export const chevron = style({
  marginInlineStart: 'auto',
  color: vars.color.textMuted,
  // A CSS-drawn caret: no icon font or extra request.
  width: '0.5em',
  height: '0.5em',
  borderRight: `0.15em solid currentColor`,
  borderBottom: `0.15em solid currentColor`,
  transform: 'rotate(45deg) translateY(-25%)',
});

export const menu = style({
  position: 'absolute',
  top: '100%',
  insetInlineStart: 0,
  zIndex: vars.zIndex.popover,
  marginTop: vars.space.xxsmall,
  width: vars.size.content,
  maxWidth: `calc(100vw - 2 * ${vars.space.gutter})`,
  padding: vars.space.small,
  display: 'grid',
  // SPEC §9: a grid of 4 columns.
  gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
  gap: vars.space.xxsmall,
  background: vars.color.surface,
  border: `${vars.size.border} solid ${vars.color.borderSoft}`,
  borderRadius: vars.radius.large,
  boxShadow: vars.shadow.popover,
});

export const item = recipe({
  base: {
    display: 'flex',
    alignItems: 'center',
    gap: vars.space.xsmall,
    minWidth: 0,
    padding: vars.space.xsmall,
    border: `${vars.size.border} solid transparent`,
    borderRadius: vars.radius.medium,
    background: 'transparent',
    color: vars.color.text,
    fontFamily: 'inherit',
    fontSize: vars.fontSize.body,
    textAlign: 'left',
    cursor: 'pointer',
    selectors: {
      '&:hover': { background: vars.color.brandSubtle },
      // The keyboard's place is plainer than the choice (WCAG 2.4.7, 2.4.11): the site's focus ring,
      // drawn in the gap around the tile and above its neighbours, over a tinted tile.
      '&:focus-visible': {
        position: 'relative',
        zIndex: 1,
        background: vars.color.brandSubtle,
        outline: `${vars.size.focusRing} solid ${vars.color.focus}`,
        outlineOffset: '1px',
      },
    },
  },
  variants: {
    checked: {
      true: { borderColor: vars.color.brand, background: vars.color.brandSoft, fontWeight: vars.fontWeight.medium },
      false: {},
    },
  },
  defaultVariants: { checked: false },
});

export const itemName = style({
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const avatar = style({
  // SPEC §9: 32 px avatars.
  width: vars.size.avatar,
  height: vars.size.avatar,
  flexShrink: 0,
  borderRadius: vars.radius.pill,
  display: 'block',
});

export const select = style([field.controlBox, { width: '100%' }]);
