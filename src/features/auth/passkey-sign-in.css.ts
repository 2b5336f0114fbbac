import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

/** "or" between the code form and the passkey button, a rule either side. */
export const or = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.small,
  margin: 0,
  color: vars.color.textMuted,
  selectors: { '&::before, &::after': { content: '""', flex: 1, borderTop: `1px solid ${vars.color.border}` } },
});
