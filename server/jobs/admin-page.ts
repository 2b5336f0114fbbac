import { escapeHtml } from '../http/html';
import { renderTeamTablePage } from '../http/team-page';
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
  return renderTeamTablePage({
    title: 'Background jobs',
    intro: 'The latest runs of every job, newest first (a week is kept). JSON: <a href="/admin/jobs.json">/admin/jobs.json</a>',
    extraStyle: 'tr.failed td { background: #fef2f2; color: #991b1b; }',
    body: `<table>
<thead><tr><th scope="col">Job</th><th scope="col">State</th><th scope="col">Retries</th><th scope="col">Started (UTC)</th><th scope="col">Finished (UTC)</th><th scope="col">Output or error</th></tr></thead>
<tbody>
${rows || '<tr><td colspan="6">No runs yet.</td></tr>'}
</tbody>
</table>`,
  });
}
