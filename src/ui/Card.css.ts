import { recipe } from '@vanilla-extract/recipes';
import { mobileQuery, vars } from './theme.css';

export const card = recipe({
  base: {
    display: 'flex',
    flexDirection: 'column',
    gap: vars.space.medium,
    background: vars.color.surface,
    borderRadius: vars.radius.large,
    padding: vars.space.xlarge,
    '@media': {
      // Tighter spacing on phones, where the card fills the width anyway.
      [mobileQuery]: { padding: vars.space.medium, borderRadius: vars.radius.medium },
    },
  },
  variants: {
    elevation: {
      flat: { border: `${vars.size.border} solid ${vars.color.borderSoft}` },
      raised: { boxShadow: vars.shadow.card },
    },
    selected: {
      true: { outline: `2px solid ${vars.color.brand}` },
      false: {},
    },
  },
  defaultVariants: { elevation: 'raised', selected: false },
});
