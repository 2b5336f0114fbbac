import { recipe } from '@vanilla-extract/recipes';
import { vars } from './theme.css';

export const alert = recipe({
  base: {
    padding: `${vars.space.small} ${vars.space.medium}`,
    borderRadius: vars.radius.medium,
    border: `${vars.size.border} solid transparent`,
    fontSize: vars.fontSize.small,
  },
  variants: {
    tone: {
      critical: { background: vars.color.criticalSoft, color: vars.color.critical, borderColor: vars.color.criticalStrong },
      caution: { background: vars.color.cautionSoft, color: vars.color.caution },
      info: { background: vars.color.brandSoft, color: vars.color.brandStrong },
      positive: { background: vars.color.brandSubtle, color: vars.color.brandStrong, borderColor: vars.color.brandSoft },
    },
  },
  defaultVariants: { tone: 'info' },
});
