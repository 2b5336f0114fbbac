import { style } from '@vanilla-extract/css';

/**
 * Text for screen readers only (a control's full name, a step's state, a list's heading): out of
 * sight and out of the layout, but read. `clip` rather than `display: none`, which would hide it from
 * assistive technology too.
 */
export const visuallyHidden = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
});
