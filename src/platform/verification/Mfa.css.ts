import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.medium });

export const actions = style({ display: 'flex', flexDirection: 'column', gap: vars.space.small });

/** The shield above the second step: says "security" before a word is read. */
export const badge = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: vars.size.control,
  height: vars.size.control,
  borderRadius: vars.radius.pill,
  background: vars.color.brandSoft,
  color: vars.color.brandStrong,
});

export const head = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xsmall });

/** Long numbers wrap instead of overflowing the card. */
export const recipient = style({ overflowWrap: 'anywhere' });

export const icon = style({ width: vars.space.large, height: vars.space.large });
