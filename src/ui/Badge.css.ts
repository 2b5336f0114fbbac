import { style } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from './theme.css';

/** A card's title with its badge at the end; on a narrow card the badge wraps under the title. */
export const titleRow = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.small });

/** A short state beside a title (a plan's status, two-step verification on or off). */
export const badge = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    paddingInline: vars.space.small,
    paddingBlock: vars.space.xxsmall,
    borderRadius: vars.radius.pill,
    fontSize: vars.fontSize.small,
    fontWeight: vars.fontWeight.medium,
  },
  variants: {
    tone: {
      brand: { background: vars.color.brandSoft, color: vars.color.brandStrong },
      caution: { background: vars.color.cautionSoft, color: vars.color.caution },
      neutral: { background: vars.color.surfaceMuted, color: vars.color.textSoft },
    },
  },
});

export type BadgeTone = NonNullable<NonNullable<RecipeVariants<typeof badge>>['tone']>;
