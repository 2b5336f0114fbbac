import { style, styleVariants } from '@vanilla-extract/css';
import type { SubscriptionStage } from '../../../core/contracts/payments';
import { badge, type BadgeTone } from '../../ui/Badge.css';
import { vars } from '../../ui/theme.css';

export const intro = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxsmall });

/** The loading line holds the page's height, so the footer is below the fold when the account arrives. */
export const loading = style({ minHeight: '100dvh' });

export const column = style({ display: 'flex', flexDirection: 'column', gap: vars.space.large });

/** Each stage of the subscription's life as its badge (src/ui/Badge.css.ts): what needs the person is caution. */
const stageTone = {
  trialing: 'brand',
  active: 'brand',
  past_due: 'caution',
  ending: 'caution',
  ended: 'neutral',
  refunded: 'neutral',
} as const satisfies Record<SubscriptionStage, BadgeTone>;
export const stage = styleVariants(stageTone, (tone) => [badge.classNames.base, badge.classNames.variants.tone[tone]]);

/** The stage's one next step, under the sentence that explains it. */
export const primaryAction = style({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: vars.space.xsmall });

/** "Settings": the quieter half of the page, after the plan and what needs attention. */
export const sectionHeading = style({ marginTop: vars.space.small });

/** The plan's facts (price, card): label and value on one line each, so a phone stays short. */
export const facts = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xsmall, margin: 0 });

export const fact = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: vars.space.small });
// textSoft: labels stay readable (4.5:1) where muted grey would not on every surface.
export const term = style({ color: vars.color.textSoft, fontSize: vars.fontSize.small, margin: 0, minWidth: '4.5rem' });
export const value = style({ margin: 0, fontWeight: vars.fontWeight.medium });

export const history = style({ display: 'flex', flexDirection: 'column', gap: vars.space.small });
export const historySummary = style({ cursor: 'pointer', fontWeight: vars.fontWeight.medium });

export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.fontSize.small });
export const th = style({
  textAlign: 'start',
  fontWeight: vars.fontWeight.medium,
  color: vars.color.textMuted,
  paddingBlock: vars.space.xsmall,
  borderBottom: `${vars.size.border} solid ${vars.color.borderSoft}`,
});
export const td = style({ paddingBlock: vars.space.small, borderBottom: `${vars.size.border} solid ${vars.color.borderSoft}` });
export const amountCell = style({ textAlign: 'end', fontVariantNumeric: 'tabular-nums' });

export const actions = style({ display: 'flex', flexDirection: 'column', gap: vars.space.small });
export const confirmBox = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
  padding: vars.space.medium,
  borderRadius: vars.radius.medium,
  border: `${vars.size.border} solid ${vars.color.criticalSoft}`,
  background: vars.color.criticalSubtle,
});

/** The answer to a cancel or refund (focused when it comes); takes no room while there is none. */
export const outcome = style({ selectors: { '&:empty': { display: 'none' } } });

/** A card alone on the page (the second step when due, the invitation to sign in) reads as the sign-in's card: narrow. */
export const narrow = style({ maxWidth: vars.size.contentNarrow, width: '100%' });
