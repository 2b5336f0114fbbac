import { recipe } from '@vanilla-extract/recipes';
import { mobileQuery, vars } from './theme.css';

export const main = recipe({
  base: {
    flex: 1,
    width: '100%',
    marginInline: 'auto',
    paddingInline: vars.space.gutter,
    paddingBlock: vars.space.xxlarge,
    display: 'flex',
    flexDirection: 'column',
    gap: vars.space.large,
    // Focused on arrival for screen readers (tabIndex -1), never drawn with a ring.
    outline: 'none',
    '@media': {
      // SPEC: tighter spacing on phones.
      [mobileQuery]: { paddingInline: vars.space.gutterMobile, paddingBlock: vars.space.large, gap: vars.space.medium },
    },
  },
  variants: {
    width: {
      narrow: { maxWidth: vars.size.contentNarrow },
      content: { maxWidth: vars.size.content },
      wide: { maxWidth: vars.size.contentWide },
    },
  },
  defaultVariants: { width: 'content' },
});

