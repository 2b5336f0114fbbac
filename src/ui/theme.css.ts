import { createGlobalTheme, globalStyle } from '@vanilla-extract/css';
import { breakpoints, palette } from '../../core/design-tokens';

export const mobileQuery = `screen and (max-width: ${breakpoints.desktop - 0.02}px)`;
export const desktopQuery = `screen and (min-width: ${breakpoints.desktop}px)`;

export const vars = createGlobalTheme(':root', {
  color: {
    brand: palette.green700,
    brandStrong: palette.green800,
    brandSoft: palette.green100,
    brandSubtle: palette.green50,
    onBrand: palette.white,
    text: palette.ink900,
    textMuted: palette.ink500,
    textSoft: palette.ink700,
    surface: palette.white,
    surfaceMuted: palette.ink100,
    border: palette.ink300,
    borderSoft: palette.ink200,
    focus: palette.blue700,
    critical: palette.red700,
    criticalStrong: palette.red600,
    criticalSoft: palette.red100,
    criticalSubtle: palette.red50,
    caution: palette.amber800,
    cautionSoft: palette.amber100,
    link: palette.green700,
    /** The CRM marks' tile colours (one per mark, drawn by us, not the vendors' logos). */
    markOrange: palette.markOrange,
    markBlue: palette.markBlue,
    markNavy: palette.markNavy,
    markTeal: palette.markTeal,
    markViolet: palette.markViolet,
    markRed: palette.markRed,
    markGreen: palette.markGreen,
    markSlate: palette.markSlate,
  },
  gradient: {
    toast: `linear-gradient(135deg, ${palette.green900} 0%, ${palette.green700} 100%)`,
    hero: `linear-gradient(160deg, ${palette.green50} 0%, ${palette.white} 60%)`,
  },
  font: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  },
  fontSize: {
    small: '0.875rem',
    body: '1rem',
    lead: '1.125rem',
    title: '1.5rem',
    display: '2rem',
  },
  fontWeight: {
    regular: '400',
    medium: '500',
    strong: '650',
  },
  lineHeight: {
    tight: '1.2',
    body: '1.5',
  },
  space: {
    none: '0',
    xxsmall: '0.25rem',
    xsmall: '0.5rem',
    small: '0.75rem',
    medium: '1rem',
    large: '1.5rem',
    xlarge: '2rem',
    xxlarge: '3rem',
    /** Page side padding: tighter on phones (see sprinkles' mobile condition). */
    gutter: '1.5rem',
    gutterMobile: '1rem',
  },
  radius: {
    small: '6px',
    medium: '10px',
    large: '16px',
    pill: '999px',
  },
  size: {
    /** SPEC: toasts are 600 px wide. */
    toastWidth: '600px',
    /** SPEC: the toast stack has a 4 px gap. */
    toastGap: '4px',
    contentNarrow: '30rem',
    content: '44rem',
    contentWide: '72rem',
    control: '2.75rem',
    /** The site header's height: roomy on desktops, compact on phones so the page starts high. */
    header: '4rem',
    headerMobile: '3.25rem',
    logo: '2rem',
    /** The round badge above a confirmation ("You're all set"). */
    badge: '4rem',
    /** A picker opened as a sheet along the bottom of a phone screen. */
    sheet: '70vh',
    /** A CRM's drawn mark in the CRM list. */
    mark: '2rem',
    controlSmall: '2.25rem',
    avatar: '32px',
    audioPlayer: '45px',
    focusRing: '3px',
    border: '1px',
  },
  shadow: {
    card: '0 1px 2px rgba(16, 24, 40, 0.06), 0 4px 12px rgba(16, 24, 40, 0.08)',
    popover: '0 12px 32px rgba(16, 24, 40, 0.18)',
  },
  zIndex: {
    popover: '20',
    toast: '50',
  },
  duration: {
    fast: '120ms',
    normal: '200ms',
  },
});

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });

globalStyle('html, body, #root', {
  margin: 0,
  minHeight: '100%',
  height: '100%',
});

globalStyle('body', {
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.body,
  lineHeight: vars.lineHeight.body,
  color: vars.color.text,
  background: vars.color.surface,
  WebkitFontSmoothing: 'antialiased',
});

globalStyle('a', { color: vars.color.link });

// Keyboard users always see where they are; mouse clicks do not leave a ring (:focus-visible).
globalStyle(':focus-visible', {
  outline: `${vars.size.focusRing} solid ${vars.color.focus}`,
  outlineOffset: '2px',
});

// Headings and <main> take focus by script (on arrival, after a step) so screen readers read them;
// they are not controls, so no ring is drawn for them.
globalStyle('[tabindex="-1"]:focus', { outline: 'none' });
