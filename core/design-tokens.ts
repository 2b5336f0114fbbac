/**
 * Raw design tokens (data only). Components never read these directly: they go through the theme
 * contract in theme.css.ts so every value has one semantic name.
 */
export const breakpoints = {
  /** SPEC: the mobile variant applies below 768 px. */
  desktop: 768,
  wide: 1200,
} as const;

/** SPEC §2: toasts stack with a 4 px gap (react-hot-toast takes the gap as a number). */
export const toastGapPx = 4;

export const palette = {
  green900: '#0b3b2c',
  green800: '#0f4c38',
  green700: '#146148',
  green600: '#1a7a5a',
  green100: '#dff3ea',
  green50: '#f1faf6',
  ink900: '#111827',
  ink700: '#374151',
  ink500: '#6b7280',
  ink300: '#d1d5db',
  ink200: '#e5e7eb',
  ink100: '#f3f4f6',
  white: '#ffffff',
  red700: '#b42318',
  red600: '#d92d20',
  red100: '#fee4e2',
  red50: '#fef3f2',
  amber100: '#fef0c7',
  amber800: '#93370d',
  blue700: '#175cd3',
  // Mark tiles: dark enough for white letters at 4.5:1.
  markOrange: '#c2410c',
  markBlue: '#1d4ed8',
  markNavy: '#1e3a8a',
  markTeal: '#0f766e',
  markViolet: '#6d28d9',
  markRed: '#b91c1c',
  markGreen: '#15803d',
  markSlate: '#334155',
} as const;
