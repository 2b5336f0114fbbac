import { style } from '@vanilla-extract/css';
import { desktopQuery, mobileQuery, vars } from './theme.css';

export const root = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xlarge });

export const hero = style({ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: vars.space.medium });

export const badge = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: vars.size.badge,
  height: vars.size.badge,
  borderRadius: vars.radius.pill,
  background: vars.color.brandSoft,
  color: vars.color.brand,
});

export const badgeIcon = style({ width: '55%', height: '55%' });

export const lead = style({ maxWidth: vars.size.contentNarrow });

export const primary = style({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: vars.space.xsmall, width: '100%' });

export const steps = style({
  display: 'grid',
  gap: vars.space.medium,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  counterReset: 'step',
  '@media': { [desktopQuery]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } },
});

export const step = style({
  display: 'flex',
  gap: vars.space.small,
  alignItems: 'flex-start',
  padding: vars.space.medium,
  borderRadius: vars.radius.medium,
  background: vars.color.surface,
  border: `${vars.size.border} solid ${vars.color.borderSoft}`,
});

export const stepText = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxsmall });
export const stepTitle = style({ fontWeight: vars.fontWeight.strong });
export const stepBody = style({ color: vars.color.textMuted, fontSize: vars.fontSize.small });

export const apps = style({
  display: 'grid',
  gap: vars.space.medium,
  '@media': { [desktopQuery]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const appButtons = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.small,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': { [mobileQuery]: { flexDirection: 'column' } },
});
