import type { Booking } from '../../core/contracts/signup';
import { escapeHtml } from '../http/html';
import { renderTeamTablePage } from '../http/team-page';


const kindLabel: Record<Booking['kind'], string> = { scheduled: 'Scheduled call', 'call-now': 'Call now', apply: 'Application' };

/** When the visitor asked to be called, written in their own time zone (and UTC for the team). */
function slotText(booking: Booking): string {
  if (!booking.slot) return booking.kind === 'call-now' ? 'As soon as possible' : '—';
  const at = new Date(booking.slot);
  const zone = booking.timeZone ?? 'UTC';
  let local: string;
  try {
    local = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: zone }).format(at);
  } catch {
    local = at.toISOString();
  }
  return `${local} (${zone}) · ${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** The team's list of demo requests: a plain, self-contained HTML page (no script, no outside asset). */
export function renderBookingsPage(bookings: Booking[]): string {
  const rows = bookings
    .map(
      (b) => `<tr>
  <td>${escapeHtml(new Date(b.createdAt).toISOString().slice(0, 16).replace('T', ' '))}</td>
  <td>${escapeHtml(kindLabel[b.kind])}</td>
  <td>${escapeHtml(slotText(b))}</td>
  <td>${escapeHtml(`${b.firstName} ${b.lastName}`)}</td>
  <td>${escapeHtml(b.companyName)}</td>
  <td><a href="mailto:${escapeHtml(b.email)}">${escapeHtml(b.email)}</a></td>
  <td><a href="tel:${escapeHtml(b.phone)}">${escapeHtml(b.phone)}</a></td>
  <td>${escapeHtml(b.language)}</td>
  <td>${escapeHtml(b.message ?? '')}</td>
</tr>`,
    )
    .join('\n');
  return renderTeamTablePage({
    title: 'Demo bookings',
    intro: `${bookings.length} most recent requests, newest first. JSON: <a href="/admin/bookings.json">/admin/bookings.json</a>`,
    body: `<table>
<thead><tr><th scope="col">Received (UTC)</th><th scope="col">Kind</th><th scope="col">When to call</th><th scope="col">Name</th><th scope="col">Company</th><th scope="col">Email</th><th scope="col">Phone</th><th scope="col">Language</th><th scope="col">Message</th></tr></thead>
<tbody>
${rows || '<tr><td colspan="9">No bookings yet.</td></tr>'}
</tbody>
</table>`,
  });
}
