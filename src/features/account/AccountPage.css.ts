import { style, styleVariants } from '@vanilla-extract/css';
import type { SubscriptionStatus } from '../../contracts/payments';
import { badge, type BadgeTone } from '../../ui/Badge.css';
import { desktopQuery, mobileQuery, vars } from '../../ui/theme.css';

export const intro = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxsmall });

export const layout = style({
  display: 'grid',
  gap: vars.space.large,
  alignItems: 'start',
  '@media': { [desktopQuery]: { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 20rem)' } },
});

export const column = style({ display: 'flex', flexDirection: 'column', gap: vars.space.large });

/** Each subscription status as its badge (src/ui/Badge.css.ts). */
const statusTone = { trialing: 'brand', active: 'brand', past_due: 'caution', canceled: 'neutral', incomplete: 'neutral' } as const satisfies Record<SubscriptionStatus, BadgeTone>;
export const status = styleVariants(statusTone, (tone) => [badge.classNames.base, badge.classNames.variants.tone[tone]]);

/** The plan's key facts: a 2×2 grid on desktops, one column on phones. */
export const facts = style({
  display: 'grid',
  gap: vars.space.medium,
  margin: 0,
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  '@media': { [mobileQuery]: { gridTemplateColumns: '1fr' } },
});

export const fact = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxsmall, padding: vars.space.medium, borderRadius: vars.radius.medium, background: vars.color.surfaceMuted });
// textSoft, not textMuted: the facts sit on surfaceMuted, where muted grey falls under 4.5:1.
export const term = style({ color: vars.color.textSoft, fontSize: vars.fontSize.small, margin: 0 });
export const value = style({ margin: 0, fontWeight: vars.fontWeight.strong, fontSize: vars.fontSize.lead });
export const valueNote = style({ margin: 0, color: vars.color.textSoft, fontSize: vars.fontSize.small, fontWeight: vars.fontWeight.regular });

export const factAction = style({ display: 'block', marginTop: vars.space.xsmall, fontWeight: vars.fontWeight.regular });

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
