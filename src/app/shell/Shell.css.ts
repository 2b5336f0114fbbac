import { style } from '@vanilla-extract/css';
import { desktopQuery, mobileQuery, vars } from '../../ui/theme.css';

/** The whole page: header, the routed page (which grows), footer; the brand wash behind it all. */
export const frame = style({
  minHeight: '100%',
  display: 'flex',
  flexDirection: 'column',
  background: vars.gradient.hero,
});

export const content = style({ flex: 1, display: 'flex', flexDirection: 'column' });

/** Hidden until focused: the first Tab stop jumps over the header to the page's main landmark. */
export const skipLink = style({
  position: 'absolute',
  insetInlineStart: vars.space.medium,
  top: vars.space.xsmall,
  zIndex: vars.zIndex.toast,
  padding: `${vars.space.xsmall} ${vars.space.medium}`,
  borderRadius: vars.radius.medium,
  background: vars.color.surface,
  color: vars.color.brandStrong,
  fontWeight: vars.fontWeight.medium,
  transform: 'translateY(-200%)',
  selectors: { '&:focus': { transform: 'none' } },
});

export const header = style({
  borderBottom: `${vars.size.border} solid ${vars.color.borderSoft}`,
  background: vars.color.surface,
});

export const bar = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.medium,
  maxWidth: vars.size.contentWide,
  marginInline: 'auto',
  minHeight: vars.size.header,
  paddingInline: vars.space.gutter,
  '@media': { [mobileQuery]: { paddingInline: vars.space.gutterMobile, minHeight: vars.size.headerMobile, gap: vars.space.small } },
});

export const brand = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xsmall,
  fontWeight: vars.fontWeight.strong,
  fontSize: vars.fontSize.lead,
  color: vars.color.text,
  textDecoration: 'none',
  letterSpacing: '-0.01em',
});

export const logo = style({ width: vars.size.logo, height: vars.size.logo, flex: 'none' });

export const tools = style({ display: 'flex', alignItems: 'center', gap: vars.space.xsmall });

/** Header links and buttons share one quiet look; the account menu's trigger uses it too. */
export const toolLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxsmall,
  minHeight: vars.size.controlSmall,
  paddingInline: vars.space.small,
  border: 0,
  borderRadius: vars.radius.pill,
  background: 'transparent',
  color: vars.color.textSoft,
  font: 'inherit',
  fontSize: vars.fontSize.small,
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'none',
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.surfaceMuted, color: vars.color.text } },
});

export const signIn = style([
  toolLink,
  {
    border: `${vars.size.border} solid ${vars.color.border}`,
    color: vars.color.brandStrong,
  },
]);

export const icon = style({ width: '1.125rem', height: '1.125rem', flex: 'none' });

/** Phones show the short language code ("FR"); the full name stays for screen readers. */
export const longLabel = style({ '@media': { [mobileQuery]: { display: 'none' } } });
export const shortLabel = style({ '@media': { [desktopQuery]: { display: 'none' } } });

export const menuRoot = style({ position: 'relative' });

export const avatar = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: vars.size.controlSmall,
  height: vars.size.controlSmall,
  marginInlineStart: `calc(-1 * ${vars.space.small})`,
  borderRadius: vars.radius.pill,
  background: vars.color.brandSoft,
  color: vars.color.brandStrong,
});

export const menu = style({
  position: 'absolute',
  insetInlineEnd: 0,
  top: `calc(100% + ${vars.space.xxsmall})`,
  zIndex: vars.zIndex.popover,
  minWidth: '13rem',
  margin: 0,
  padding: vars.space.xxsmall,
  listStyle: 'none',
  borderRadius: vars.radius.medium,
  border: `${vars.size.border} solid ${vars.color.borderSoft}`,
  background: vars.color.surface,
  boxShadow: vars.shadow.popover,
});

export const menuItem = style({
  display: 'flex',
  width: '100%',
  alignItems: 'center',
  gap: vars.space.xsmall,
  minHeight: vars.size.control,
  paddingInline: vars.space.small,
  border: 0,
  borderRadius: vars.radius.small,
  background: 'transparent',
  color: vars.color.text,
  font: 'inherit',
  textAlign: 'start',
  textDecoration: 'none',
  cursor: 'pointer',
  selectors: { '&:hover, &:focus-visible': { background: vars.color.surfaceMuted } },
});

export const footer = style({
  borderTop: `${vars.size.border} solid ${vars.color.borderSoft}`,
  background: vars.color.surface,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.small,
});

export const footerBar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.small,
  maxWidth: vars.size.contentWide,
  marginInline: 'auto',
  paddingBlock: vars.space.large,
  paddingInline: vars.space.gutter,
  '@media': { [mobileQuery]: { flexDirection: 'column', alignItems: 'flex-start', paddingInline: vars.space.gutterMobile } },
});

export const footerLinks = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.xsmall} ${vars.space.large}`,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const footerLink = style({
  color: vars.color.textSoft,
  textDecoration: 'none',
  selectors: { '&:hover': { color: vars.color.text, textDecoration: 'underline' } },
});

export const logoTile = style({ fill: vars.color.brand });
export const logoBubble = style({ fill: vars.color.onBrand });
export const logoDot = style({ fill: vars.color.brand });

/** Under the header: the session was ended in another tab (SessionNotice). */
export const notice = style({
  borderBottom: `${vars.size.border} solid ${vars.color.borderSoft}`,
  background: vars.color.cautionSoft,
  color: vars.color.text,
});

export const noticeBar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  gap: `${vars.space.xxsmall} ${vars.space.small}`,
  maxWidth: vars.size.contentWide,
  marginInline: 'auto',
  marginBlock: 0,
  paddingBlock: vars.space.small,
  paddingInline: vars.space.gutter,
  '@media': { [mobileQuery]: { paddingInline: vars.space.gutterMobile } },
});

export const noticeLink = style({ color: vars.color.brandStrong, fontWeight: vars.fontWeight.medium });
