import { escapeHtml, htmlDocument } from './html';

/**
 * The shell of the team's plain pages under /admin (bookings, background jobs): a self-contained
 * HTML document with one table, no script and no outside asset, so the CSP's strictest form holds.
 * `title` is text; `intro` and `body` are HTML the caller has escaped.
 */
export function renderTeamTablePage(page: { title: string; intro: string; extraStyle?: string; body: string }): string {
  return htmlDocument({
    lang: 'en',
    title: `${page.title} · Ringwise`,
    style: `
body { font-family: system-ui, sans-serif; margin: 2rem; color: #111827; }
table { border-collapse: collapse; width: 100%; font-size: 0.875rem; }
th, td { text-align: left; padding: 0.5rem; border-bottom: 1px solid #e5e7eb; vertical-align: top; }
th { background: #f3f4f6; }
${page.extraStyle ?? ''}
`,
    body: `<h1>${escapeHtml(page.title)}</h1>
<p>${page.intro}</p>
${page.body}`,
  });
}
