import { style } from '@vanilla-extract/css';
import { segment as segmentBase, segmentChosen } from '../../../ui/Segmented.css';
import { mobileQuery, vars } from '../../../ui/theme.css';

/** Reset for the fieldsets that group the radio choices (browsers add a border and padding). */
export const fieldset = style({
  border: 0,
  margin: 0,
  padding: 0,
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xsmall,
});

export const legend = style({
  padding: 0,
  fontSize: vars.fontSize.small,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.textSoft,
  marginBottom: vars.space.xsmall,
});

/** Visually hidden but focusable: the label shows the state and the focus ring. */
export const hiddenRadio = style({
  position: 'absolute',
  opacity: 0,
  width: '1px',
  height: '1px',
  margin: 0,
});

/** One of the yearly/monthly radios (src/ui/Segmented.css.ts), its radio hidden inside. */
export const segment = style([
  segmentBase,
  {
    position: 'relative',
    selectors: {
      '&:has(input:checked)': segmentChosen,
      // The input is invisible, so its keyboard focus is drawn on the label.
      '&:has(input:focus-visible)': { outline: `${vars.size.focusRing} solid ${vars.color.focus}`, outlineOffset: '2px' },
    },
  },
]);

export const plans = style({
  display: 'grid',
  gridTemplateColumns: '1fr 1fr',
  gap: vars.space.medium,
  '@media': { [mobileQuery]: { gridTemplateColumns: '1fr' } },
});

export const planOption = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxsmall,
  padding: vars.space.large,
  borderRadius: vars.radius.large,
  border: `${vars.size.border} solid ${vars.color.border}`,
  background: vars.color.surface,
  cursor: 'pointer',
  selectors: {
    '&:has(input:checked)': { borderColor: vars.color.brand, boxShadow: `0 0 0 1px ${vars.color.brand}`, background: vars.color.brandSubtle },
    '&:has(input:focus-visible)': { outline: `${vars.size.focusRing} solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
  '@media': { [mobileQuery]: { padding: vars.space.medium } },
});

export const planName = style({ fontWeight: vars.fontWeight.strong, fontSize: vars.fontSize.lead });

export const amount = style({
  fontSize: vars.fontSize.display,
  fontWeight: vars.fontWeight.strong,
  lineHeight: vars.lineHeight.tight,
  color: vars.color.text,
});

export const badge = style({
  display: 'inline-flex',
  alignSelf: 'flex-start',
  paddingInline: vars.space.xsmall,
  paddingBlock: vars.space.xxsmall,
  borderRadius: vars.radius.pill,
  background: vars.color.brandSoft,
  color: vars.color.brandStrong,
  fontSize: vars.fontSize.small,
  fontWeight: vars.fontWeight.medium,
});

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.small, margin: 0 });

export const list = style({
  margin: 0,
  paddingInlineStart: vars.space.large,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxsmall,
});

/** The currency switch: small, under the summary, for people the detected currency does not suit. */
export const currencyRow = style({ maxWidth: '16rem' });
