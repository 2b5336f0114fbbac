import { paths } from './routes/paths';

/**
 * The team's own pages (the chart viewer, /inspect/charts): not part of what a customer walks
 * through, so a view of one is no page view of the product and no visitor of the sign-up funnel
 * (#37.5). The browser logs no page view for them (src/platform/analytics/context.ts) and the
 * funnel report leaves out any view of them it is still sent (server/analytics/funnel-steps.ts).
 */
export const teamPagePaths: readonly string[] = [paths.charts.build()];

/** Whether a pathname (with or without its trailing slash) is one of the team's pages. */
export function isTeamPage(pathname: string): boolean {
  return teamPagePaths.includes(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);
}
