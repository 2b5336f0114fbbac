import { createSprinkles, defineProperties } from '@vanilla-extract/sprinkles';
import { desktopQuery, mobileQuery, vars } from './theme.css';

/**
 * The properties and values components give Box (#40: the class table ships in the entry chunk, so
 * it holds what pages use: 14 KB of it before compression was properties no component set). A
 * property or value added here is one a component needs; an unknown one fails the type check.
 */
const responsive = defineProperties({
  conditions: {
    all: {},
    mobile: { '@media': mobileQuery },
    desktop: { '@media': desktopQuery },
  },
  defaultCondition: 'all',
  properties: {
    display: ['none', 'flex', 'grid', 'block'],
    flexDirection: ['row', 'column'],
    flexWrap: ['wrap', 'nowrap'],
    alignItems: ['stretch', 'flex-start', 'center'],
    justifyContent: ['flex-start', 'center', 'space-between'],
    gap: vars.space,
    padding: vars.space,
    width: { full: '100%', auto: 'auto' },
    maxWidth: { narrow: vars.size.contentNarrow, content: vars.size.content, wide: vars.size.contentWide, full: '100%' },
  },
});

const text = defineProperties({
  properties: {
    fontSize: vars.fontSize,
    color: vars.color,
  },
});

export const sprinkles = createSprinkles(responsive, text);
export type Sprinkles = Parameters<typeof sprinkles>[0];
