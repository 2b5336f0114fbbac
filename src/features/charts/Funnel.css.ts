import { style } from '@vanilla-extract/css';
import { mobileQuery, vars } from '../../ui/theme.css';

export const filters = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(8.5rem, 1fr))',
  gap: vars.space.small,
  alignItems: 'end',
  padding: vars.space.medium,
  background: vars.color.surfaceMuted,
  borderRadius: vars.radius.medium,
});
export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxsmall, fontSize: vars.fontSize.small, color: vars.color.textSoft });
export const control = style({
  minHeight: vars.size.control,
  padding: `0 ${vars.space.xsmall}`,
  border: `${vars.size.border} solid ${vars.color.border}`,
  borderRadius: vars.radius.small,
  fontSize: vars.fontSize.body,
  background: vars.color.surface,
  color: vars.color.text,
  minWidth: 0,
});
export const summary = style({ fontSize: vars.fontSize.lead, fontWeight: vars.fontWeight.medium, margin: `${vars.space.small} 0` });
export const search = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxsmall, margin: `${vars.space.medium} 0`, maxWidth: '32rem' });

/** The main path: one column of cards, the same at 375 and 1280 px, read top to bottom. */
export const path = style({ listStyle: 'none', padding: 0, margin: 0, display: 'flex', flexDirection: 'column', maxWidth: '46rem' });
export const sectionTitle = style({ fontSize: vars.fontSize.small, fontWeight: vars.fontWeight.strong, color: vars.color.textSoft, textTransform: 'uppercase', letterSpacing: '0.04em', margin: `${vars.space.large} 0 ${vars.space.xsmall}` });
export const card = style({
  border: `${vars.size.border} solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  padding: vars.space.medium,
  background: vars.color.surface,
  '@media': { [mobileQuery]: { padding: vars.space.small } },
});
export const cardCounted = style({ borderColor: vars.color.brand, borderWidth: '2px' });
export const cardLive = style({ background: vars.color.brandSoft, outline: `3px solid ${vars.color.brand}` });
export const cardExit = style({ background: vars.color.surfaceMuted, borderStyle: 'dashed' });
export const cardHead = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', gap: vars.space.xsmall });
export const cardTitle = style({ fontSize: vars.fontSize.lead, fontWeight: vars.fontWeight.strong, margin: 0 });
export const code = style({ fontFamily: vars.font.mono, fontSize: '0.8125rem', color: vars.color.textMuted, overflowWrap: 'anywhere' });
export const count = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: vars.space.small, marginTop: vars.space.xsmall });
export const bigNumber = style({ fontSize: vars.fontSize.title, fontWeight: vars.fontWeight.strong, color: vars.color.brandStrong });
export const share = style({ fontSize: vars.fontSize.body, color: vars.color.textSoft });
export const left = style({ fontSize: vars.fontSize.small, fontWeight: vars.fontWeight.medium, color: vars.color.critical });
export const live = style({ fontSize: vars.fontSize.small, fontWeight: vars.fontWeight.strong, color: vars.color.brandStrong });
export const note = style({ fontSize: vars.fontSize.small, color: vars.color.textSoft, margin: `${vars.space.xxsmall} 0 0` });

/** The arrow between two cards, with how many went on. */
export const connector = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xsmall,
  minHeight: '2rem',
  paddingInlineStart: vars.space.large,
  borderInlineStart: `2px solid ${vars.color.border}`,
  marginInlineStart: vars.space.large,
  fontSize: vars.fontSize.small,
  color: vars.color.textSoft,
});
export const wentOn = style({ fontWeight: vars.fontWeight.medium, color: vars.color.text });

export const fold = style({ marginTop: vars.space.xsmall, fontSize: vars.fontSize.small });
export const foldSummary = style({ cursor: 'pointer', color: vars.color.link, fontWeight: vars.fontWeight.medium, padding: `${vars.space.xxsmall} 0` });
export const moves = style({ listStyle: 'none', padding: 0, margin: `${vars.space.xxsmall} 0 0`, display: 'flex', flexDirection: 'column', gap: vars.space.xsmall });
export const move = style({ lineHeight: vars.lineHeight.body });
export const rules = style({ margin: `${vars.space.xsmall} 0 0`, padding: vars.space.small, borderInlineStart: `3px solid ${vars.color.caution}`, background: vars.color.cautionSoft, fontSize: vars.fontSize.small });
export const rulesList = style({ margin: `${vars.space.xxsmall} 0 0`, paddingInlineStart: vars.space.large });
export const match = style({ background: vars.color.cautionSoft });
export const exits = style({ gap: vars.space.small });
