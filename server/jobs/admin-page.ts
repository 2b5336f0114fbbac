import { escapeHtml } from '../http/html';
import type { JobRun } from './job-runs';

const when = (date: Date | null) => (date ? escapeHtml(new Date(date).toISOString().slice(0, 19).replace('T', ' ')) : '—');

/** What a run left: its summary, or the error it failed with. */
function outputText(run: JobRun): string {
  if (run.output === null || run.output === undefined) return '';
  const output = run.output as { message?: unknown };
  return typeof output.message === 'string' ? output.message : JSON.stringify(run.output);
}

/** The team's view of the background jobs: the latest runs, failures first to the eye. Plain HTML, no script. */
export function renderJobsPage(runs: JobRun[]): string {
  const rows = runs
    .map(
      (run) => `<tr class="${run.state === 'failed' ? 'failed' : ''}">
  <td>${escapeHtml(run.job)}</td>
  <td>${escapeHtml(run.state)}</td>
  <td>${run.retries}</td>
  <td>${when(run.startedAt)}</td>
  <td>${when(run.finishedAt)}</td>
  <td><code>${escapeHtml(outputText(run))}</code></td>
</tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Background jobs · Ringwise</title>
<style>
body { font-family: system-ui, sans-serif; margin: 2rem; color: #111827; }
table { border-collapse: collapse; width: 100%; font-size: 0.875rem; }
th, td { text-align: left; padding: 0.5rem; border-bottom: 1px solid #e5e7eb; vertical-align: top; }
th { background: #f3f4f6; }
tr.failed td { background: #fef2f2; color: #991b1b; }
</style>
</head>
<body>
<h1>Background jobs</h1>
<p>The latest runs of every job, newest first (a week is kept). JSON: <a href="/admin/jobs.json">/admin/jobs.json</a></p>
<table>
<thead><tr><th scope="col">Job</th><th scope="col">State</th><th scope="col">Retries</th><th scope="col">Started (UTC)</th><th scope="col">Finished (UTC)</th><th scope="col">Output or error</th></tr></thead>
<tbody>
${rows || '<tr><td colspan="6">No runs yet.</td></tr>'}
</tbody>
</table>
</body>
</html>
`;
}
