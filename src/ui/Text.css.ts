import { recipe } from '@vanilla-extract/recipes';
import { mobileQuery, vars } from './theme.css';

export const heading = recipe({
  base: {
    margin: 0,
    fontWeight: vars.fontWeight.strong,
    lineHeight: vars.lineHeight.tight,
    color: vars.color.text,
  },
  variants: {
    level: {
      1: { fontSize: vars.fontSize.display, '@media': { [mobileQuery]: { fontSize: vars.fontSize.title } } },
      2: { fontSize: vars.fontSize.title, '@media': { [mobileQuery]: { fontSize: vars.fontSize.lead } } },
      3: { fontSize: vars.fontSize.lead },
    },
  },
  defaultVariants: { level: 1 },
});

export const text = recipe({
  base: { margin: 0 },
  variants: {
    tone: {
      normal: { color: vars.color.text },
      muted: { color: vars.color.textMuted },
      critical: { color: vars.color.critical },
    },
    size: {
      small: { fontSize: vars.fontSize.small },
      body: { fontSize: vars.fontSize.body },
      lead: { fontSize: vars.fontSize.lead },
    },
  },
  defaultVariants: { tone: 'normal', size: 'body' },
});
