import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { mobileQuery, vars } from './theme.css';

export const button = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: vars.space.xsmall,
    minHeight: vars.size.control,
    paddingInline: vars.space.large,
    border: `${vars.size.border} solid transparent`,
    borderRadius: vars.radius.pill,
    fontFamily: 'inherit',
    fontSize: vars.fontSize.body,
    fontWeight: vars.fontWeight.medium,
    lineHeight: vars.lineHeight.tight,
    textDecoration: 'none',
    cursor: 'pointer',
    transition: `background ${vars.duration.fast}, border-color ${vars.duration.fast}`,
    selectors: {
      '&:disabled, &[aria-disabled="true"]': { cursor: 'not-allowed', opacity: 0.6 },
    },
    '@media': {
      // SPEC: on phones buttons take the full width.
      [mobileQuery]: { width: '100%' },
    },
  },
  variants: {
    tone: {
      primary: {
        background: vars.color.brand,
        color: vars.color.onBrand,
        selectors: { '&:hover:not(:disabled)': { background: vars.color.brandStrong } },
      },
      secondary: {
        background: vars.color.surface,
        color: vars.color.brand,
        borderColor: vars.color.brand,
        selectors: { '&:hover:not(:disabled)': { background: vars.color.brandSubtle } },
      },
      ghost: {
        background: 'transparent',
        color: vars.color.brand,
        selectors: { '&:hover:not(:disabled)': { background: vars.color.brandSubtle } },
      },
      critical: {
        background: vars.color.criticalStrong,
        color: vars.color.onBrand,
      },
    },
    size: {
      standard: {},
      small: { minHeight: vars.size.controlSmall, paddingInline: vars.space.medium, fontSize: vars.fontSize.small },
    },
    block: {
      true: { width: '100%' },
      false: {},
    },
  },
  defaultVariants: { tone: 'primary', size: 'standard', block: false },
});

export type ButtonVariants = NonNullable<RecipeVariants<typeof button>>;

