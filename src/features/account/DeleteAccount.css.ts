import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

/**
 * The page that says the account is gone: over whatever the app shows once signed out (the home
 * page), until the person closes it. Its own layer, since the account page it came from is gone.
 */
export const donePage = style({
  position: 'fixed',
  inset: 0,
  zIndex: 1000,
  overflowY: 'auto',
  background: vars.color.surface,
  display: 'flex',
  justifyContent: 'center',
  alignItems: 'flex-start',
  paddingBlock: vars.space.xxlarge,
  paddingInline: vars.space.medium,
});

export const doneColumn = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.medium,
  maxWidth: vars.size.contentNarrow,
  width: '100%',
});

/** Focused when the page opens, so a screen reader starts there; no ring around a heading. */
export const doneHeading = style({ selectors: { '&:focus': { outline: 'none' } } });

export const list = style({ margin: 0, paddingInlineStart: vars.space.large, display: 'flex', flexDirection: 'column', gap: vars.space.xxsmall });
