import type { FunnelDimension, FunnelReport, FunnelSegment } from '../../core/contracts/analytics';
import { escapeHtml, htmlDocument } from '../http/html';

/**
 * The funnel report as one self-contained HTML page (no script): a filter form, the funnel drawn as
 * an inline SVG bar chart, the numbers as a table, and one row per split value. English only: this is
 * the team's internal tool, not a visitor page (docs/decisions/502-funnel-report.md).
 */

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

const dimensionLabels: Record<FunnelDimension, string> = {
  landing: 'Landing page',
  utm_source: 'utm_source',
  lng: 'Language',
};

const styles = `
  :root { color-scheme: light; --ink: #14301f; --muted: #4d5d54; --brand: #0f6b3a; --brand-soft: #d8efe1; --line: #c9d6ce; --drop: #b3261e; }
  * { box-sizing: border-box; }
  body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: #f7faf8; }
  main { max-width: 1100px; margin: 0 auto; padding: 24px 16px 48px; }
  h1 { font-size: 1.6rem; margin: 0 0 4px; }
  h2 { font-size: 1.2rem; margin: 32px 0 8px; }
  p.lead { margin: 0 0 16px; color: var(--muted); }
  form.filters { display: flex; flex-wrap: wrap; gap: 12px; align-items: flex-end; background: #fff; border: 1px solid var(--line); border-radius: 12px; padding: 16px; }
  form.filters label { display: flex; flex-direction: column; font-size: 0.9rem; font-weight: 600; gap: 4px; }
  input, select, button { font: inherit; padding: 8px 10px; border-radius: 8px; border: 1px solid var(--line); min-height: 44px; }
  button { background: var(--brand); color: #fff; border-color: var(--brand); font-weight: 600; cursor: pointer; }
  button:focus-visible, input:focus-visible, select:focus-visible, a:focus-visible { outline: 3px solid #f2b600; outline-offset: 2px; }
  .card { background: #fff; border: 1px solid var(--line); border-radius: 12px; padding: 16px; margin-top: 16px; overflow-x: auto; }
  /* Below ~640 px the labels would shrink past reading size; the card scrolls sideways instead. */
  svg { display: block; width: 100%; min-width: 640px; height: auto; }
  table { border-collapse: collapse; width: 100%; font-size: 0.95rem; }
  th, td { text-align: right; padding: 8px; border-bottom: 1px solid var(--line); white-space: nowrap; }
  th:first-child, td:first-child { text-align: left; }
  thead th { font-size: 0.85rem; color: var(--muted); }
  td.drop { color: var(--drop); }
  .empty { color: var(--muted); }
  .error { color: var(--drop); font-weight: 600; }
  @media (max-width: 767px) { main { padding: 16px 8px 32px; } form.filters { flex-direction: column; align-items: stretch; } }
`;

function layout(title: string, body: string): string {
  return htmlDocument({ lang: 'en', title, style: styles, body: `<main>${body}</main>` });
}

/** Horizontal bars, one per step, width relative to the first step. */
export function funnelChart(segment: FunnelSegment, title: string): string {
  const rowHeight = 44;
  const labelWidth = 210;
  const barArea = 560;
  const width = labelWidth + barArea + 190;
  const height = segment.steps.length * rowHeight + 16;
  const first = segment.steps[0]?.count ?? 0;
  const rows = segment.steps
    .map((step, index) => {
      const y = 8 + index * rowHeight;
      const barWidth = first === 0 ? 0 : Math.max(step.count > 0 ? 2 : 0, Math.round((step.count / first) * barArea));
      const detail = index === 0 ? `${step.count}` : `${step.count} · ${percent(step.conversion)}${step.dropOff > 0 ? ` · −${step.dropOff}` : ''}`;
      return `<g>
  <text x="${labelWidth - 10}" y="${y + 26}" text-anchor="end" font-size="14" fill="#14301f">${escapeHtml(step.label)}</text>
  <rect x="${labelWidth}" y="${y + 6}" width="${barArea}" height="30" rx="6" fill="#d8efe1"/>
  <rect x="${labelWidth}" y="${y + 6}" width="${barWidth}" height="30" rx="6" fill="#0f6b3a"/>
  <text x="${labelWidth + barArea + 10}" y="${y + 26}" font-size="14" fill="#14301f">${escapeHtml(detail)}</text>
</g>`;
    })
    .join('\n');
  const summary = segment.steps.map((step) => `${step.label}: ${step.count}`).join(', ');
  return `<svg viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="chart-title chart-desc" xmlns="http://www.w3.org/2000/svg">
<title id="chart-title">${escapeHtml(title)}</title>
<desc id="chart-desc">${escapeHtml(summary)}</desc>
${rows}
</svg>`;
}

function stepsTable(segment: FunnelSegment): string {
  const rows = segment.steps
    .map(
      (step, index) => `<tr><th scope="row">${escapeHtml(step.label)}</th><td>${step.count}</td><td>${percent(step.conversion)}</td>
<td>${index === 0 ? '—' : percent(step.stepConversion)}</td><td class="${step.dropOff > 0 ? 'drop' : ''}">${index === 0 ? '—' : step.dropOff}</td></tr>`,
    )
    .join('\n');
  return `<table>
<caption style="text-align:left;font-weight:600;padding-bottom:8px">Funnel steps: people, conversion and drop-off</caption>
<thead><tr><th scope="col">Step</th><th scope="col">People</th><th scope="col">From first step</th><th scope="col">From previous step</th><th scope="col">Drop-off</th></tr></thead>
<tbody>${rows}</tbody>
</table>`;
}

function segmentsTable(report: FunnelReport): string {
  if (!report.split) return '';
  const label = dimensionLabels[report.split];
  if (report.segments.length === 0) return `<h2>By ${escapeHtml(label)}</h2><p class="empty">No visitors in this range.</p>`;
  const header = report.total.steps.map((step) => `<th scope="col">${escapeHtml(step.label)}</th>`).join('');
  const rows = report.segments
    .map((segment) => {
      const cells = segment.steps
        .map((step, index) => `<td>${step.count}${index === 0 ? '' : ` <small>(${percent(step.conversion)})</small>`}</td>`)
        .join('');
      return `<tr><th scope="row">${escapeHtml(segment.value ?? '(none)')}</th>${cells}</tr>`;
    })
    .join('\n');
  return `<h2 id="by-split">By ${escapeHtml(label)}</h2>
<div class="card" role="region" aria-labelledby="by-split" tabindex="0">
<table>
<thead><tr><th scope="col">${escapeHtml(label)}</th>${header}</tr></thead>
<tbody>${rows}</tbody>
</table>
</div>`;
}

export function renderFunnelPage(report: FunnelReport): string {
  const splitOptions = [
    `<option value=""${report.split === null ? ' selected' : ''}>No split</option>`,
    ...(Object.keys(dimensionLabels) as FunnelDimension[]).map(
      (key) => `<option value="${key}"${report.split === key ? ' selected' : ''}>${escapeHtml(dimensionLabels[key])}</option>`,
    ),
  ].join('');
  const title = `Sign-up funnel, ${report.from} to ${report.to}`;
  const noData = (report.total.steps[0]?.count ?? 0) === 0 ? '<p class="empty">No visitors in this range yet.</p>' : '';
  return layout(
    'Sign-up funnel',
    `<h1>Sign-up funnel</h1>
<p class="lead">People who reached each step in order, from ${escapeHtml(report.from)} to ${escapeHtml(report.to)} (UTC).</p>
<form class="filters" method="get" action="/admin/funnel">
  <label for="from">From<input id="from" name="from" type="date" value="${escapeHtml(report.from)}" required></label>
  <label for="to">To<input id="to" name="to" type="date" value="${escapeHtml(report.to)}" required></label>
  <label for="split">Split by<select id="split" name="split">${splitOptions}</select></label>
  <button type="submit">Show</button>
</form>
<h2 id="funnel-heading">All visitors</h2>
<div class="card" role="region" aria-labelledby="funnel-heading" tabindex="0">
${noData}
${funnelChart(report.total, title)}
</div>
<div class="card" role="region" aria-label="Funnel steps table" tabindex="0">
${stepsTable(report.total)}
</div>
${segmentsTable(report)}`,
  );
}

export function renderLoginPage(options: { error?: string; status: 'missing' | 'invalid' | 'not-configured' }): string {
  if (options.status === 'not-configured') {
    return layout(
      'Team pages are closed',
      `<h1>Team pages are closed</h1><p>Set <code>ADMIN_TOKEN</code> on the server to open the team's pages outside this machine.</p>`,
    );
  }
  const error = options.error ? `<p class="error" role="alert" id="token-error">${escapeHtml(options.error)}</p>` : '';
  return layout(
    'Sign in to the team pages',
    `<h1>Sign in to the team pages</h1>
<p class="lead">Enter the admin token to see the funnel report.</p>
<form class="filters" method="post" action="/admin/login">
  <label for="token">Admin token<input id="token" name="token" type="password" autocomplete="current-password" required${options.error ? ' aria-invalid="true" aria-describedby="token-error"' : ''}></label>
  <input type="hidden" name="next" value="/admin/funnel">
  <button type="submit">Sign in</button>
</form>
${error}`,
  );
}

export function renderBadRequest(message: string): string {
  return layout('Invalid report request', `<h1>Invalid report request</h1><p class="error" role="alert">${escapeHtml(message)}</p><p><a href="/admin/funnel">Back to the report</a></p>`);
}
