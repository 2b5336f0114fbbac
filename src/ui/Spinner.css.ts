import { keyframes, style } from '@vanilla-extract/css';
import { vars } from './theme.css';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const root = style({
  display: 'inline-block',
  width: '1em',
  height: '1em',
  flexShrink: 0,
  borderRadius: vars.radius.pill,
  border: '0.15em solid currentColor',
  borderRightColor: 'transparent',
  animation: `${spin} 0.7s linear infinite`,
  '@media': {
    // Still shows activity, but without continuous motion for people who asked for less.
    '(prefers-reduced-motion: reduce)': { animationDuration: '2.4s' },
  },
});
