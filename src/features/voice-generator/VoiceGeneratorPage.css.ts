import { style } from '@vanilla-extract/css';
import { desktopQuery, vars } from '../../ui/theme.css';

export const intro = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xsmall,
});

export const form = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.large,
});

/** Voice choice and its example side by side on wide screens, stacked on phones. */
export const voiceRow = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
  '@media': {
    [desktopQuery]: { flexDirection: 'row', alignItems: 'flex-end', justifyContent: 'space-between' },
  },
});

export const scriptHeader = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.small,
  flexWrap: 'wrap',
});

export const scriptMeta = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.small,
  fontSize: vars.fontSize.small,
  color: vars.color.textMuted,
});

export const counterOver = style({
  color: vars.color.critical,
  fontWeight: vars.fontWeight.medium,
});

export const fields = style({
  border: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.small,
  minWidth: 0,
  '@media': {
    [desktopQuery]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  },
});

export const legend = style({
  padding: 0,
  marginBottom: vars.space.xsmall,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.text,
});

export const fieldsHint = style({
  gridColumn: '1 / -1',
  margin: 0,
  fontSize: vars.fontSize.small,
  color: vars.color.textMuted,
});

export const result = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
});

export const player = style({
  width: '100%',
  // SPEC §9: the audio player is 45 px high.
  height: vars.size.audioPlayer,
  display: 'block',
});

export const downloads = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
});

/** A download button with what the format is for beside it (below it on phones). */
export const download = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxsmall,
  '@media': {
    [desktopQuery]: { flexDirection: 'row', alignItems: 'center', gap: vars.space.small },
  },
});

export const downloadHint = style({
  fontSize: vars.fontSize.small,
  color: vars.color.textMuted,
});
