import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

/*
 * The providers' own colours, from their button guidelines (not the product's palette, so not
 * design tokens): Google's light theme (white, #747775 border, #1F1F1F text), Microsoft's light
 * theme (white, #8C8C8C border, #5E5E5E text), Apple's black button with white text.
 */

export const group = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
  marginTop: vars.space.medium,
});

/** "or", between the form and the providers, with a rule on each side. */
export const divider = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.small,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.small,
  selectors: {
    '&::before, &::after': { content: '""', flex: 1, borderTop: `${vars.size.border} solid ${vars.color.borderSoft}` },
  },
});

const base = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.small,
  width: '100%',
  minHeight: vars.size.control,
  paddingInline: vars.space.medium,
  borderRadius: vars.radius.pill,
  border: `${vars.size.border} solid`,
  fontSize: vars.fontSize.body,
  fontWeight: vars.fontWeight.medium,
  lineHeight: vars.lineHeight.tight,
  cursor: 'pointer',
  selectors: {
    '&:disabled': { cursor: 'progress', opacity: 0.7 },
  },
});

export const provider = styleVariants({
  google: [base, { background: '#FFFFFF', borderColor: '#747775', color: '#1F1F1F', fontFamily: `Roboto, ${vars.font.body}` }],
  azure: [base, { background: '#FFFFFF', borderColor: '#8C8C8C', color: '#5E5E5E', fontFamily: `"Segoe UI", ${vars.font.body}`, fontWeight: '600' }],
  apple: [base, { background: '#000000', borderColor: '#000000', color: '#FFFFFF', fontFamily: `-apple-system, ${vars.font.body}` }],
  custom: [base, { background: vars.color.surface, borderColor: vars.color.border, color: vars.color.text, fontFamily: 'inherit' }],
});

/** Google asks for an 18 px "G", Microsoft a 21 px mark at the same height as the text. */
export const logo = style({ width: '1.25rem', height: '1.25rem', flexShrink: 0 });
