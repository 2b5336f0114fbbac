import { createSprinkles, defineProperties } from '@vanilla-extract/sprinkles';
import { desktopQuery, mobileQuery, vars } from './theme.css';

const responsive = defineProperties({
  conditions: {
    all: {},
    mobile: { '@media': mobileQuery },
    desktop: { '@media': desktopQuery },
  },
  defaultCondition: 'all',
  properties: {
    display: ['none', 'flex', 'grid', 'block', 'inline-flex'],
    flexDirection: ['row', 'column'],
    flexWrap: ['wrap', 'nowrap'],
    alignItems: ['stretch', 'flex-start', 'center', 'flex-end', 'baseline'],
    justifyContent: ['flex-start', 'center', 'flex-end', 'space-between'],
    gap: vars.space,
    padding: vars.space,
    paddingTop: vars.space,
    paddingBottom: vars.space,
    paddingLeft: vars.space,
    paddingRight: vars.space,
    marginTop: vars.space,
    marginBottom: vars.space,
    textAlign: ['left', 'center', 'right'],
    fontSize: vars.fontSize,
    width: { full: '100%', auto: 'auto' },
    maxWidth: { narrow: vars.size.contentNarrow, content: vars.size.content, wide: vars.size.contentWide, full: '100%' },
  },
  shorthands: {
    paddingX: ['paddingLeft', 'paddingRight'],
    paddingY: ['paddingTop', 'paddingBottom'],
  },
});

const colors = defineProperties({
  properties: {
    color: vars.color,
    background: vars.color,
    fontWeight: vars.fontWeight,
    borderRadius: vars.radius,
  },
});

export const sprinkles = createSprinkles(responsive, colors);
export type Sprinkles = Parameters<typeof sprinkles>[0];
