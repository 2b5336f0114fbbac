/**
 * The shell of the team's plain pages under /admin (bookings, background jobs): a self-contained
 * HTML document with one table, no script and no outside asset, so the CSP's strictest form holds.
 * `body` is HTML the caller has escaped.
 */
export function renderTeamTablePage(page: { title: string; intro: string; extraStyle?: string; body: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${page.title} · Ringwise</title>
<style>
body { font-family: system-ui, sans-serif; margin: 2rem; color: #111827; }
table { border-collapse: collapse; width: 100%; font-size: 0.875rem; }
th, td { text-align: left; padding: 0.5rem; border-bottom: 1px solid #e5e7eb; vertical-align: top; }
th { background: #f3f4f6; }
${page.extraStyle ?? ''}
</style>
</head>
<body>
<h1>${page.title}</h1>
<p>${page.intro}</p>
${page.body}
</body>
</html>
`;
}
