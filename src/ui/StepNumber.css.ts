import { recipe } from '@vanilla-extract/recipes';
import { vars } from './theme.css';

/** The round number of a step in an ordered list of what happens next: the current one stands out. */
export const stepNumber = recipe({
  base: {
    flex: 'none',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: vars.size.controlSmall,
    height: vars.size.controlSmall,
    borderRadius: vars.radius.pill,
    fontWeight: vars.fontWeight.strong,
  },
  variants: {
    tone: {
      current: { background: vars.color.brand, color: vars.color.onBrand },
      upcoming: { background: vars.color.surfaceMuted, color: vars.color.textSoft },
    },
  },
  defaultVariants: { tone: 'current' },
});
