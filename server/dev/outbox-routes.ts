import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { normalizeRecipient } from '../auth/recipients';
import { escapeHtml, htmlDocument } from '../http/html';

const outboxQuery = z.object({
  recipient: z.string().max(320).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

const outboxStyle = `
  body { font: 15px/1.4 system-ui, sans-serif; margin: 1rem; color: #1a1a1a; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; vertical-align: top; padding: .5rem; border-bottom: 1px solid #ddd; }
  pre { white-space: pre-wrap; overflow-wrap: anywhere; margin: 0; font-size: 13px; }
  /* Phones: one card per message instead of a table wider than the screen. */
  @media (max-width: 700px) {
    table, tbody, tr, td { display: block; }
    thead { position: absolute; left: -9999px; }
    tr { border-bottom: 1px solid #ddd; padding: .5rem 0; }
    td { border: 0; padding: .15rem 0; }
    td::before { content: attr(data-label) ": "; font-weight: 600; }
  }
  .code { font-size: 1.3rem; letter-spacing: .15em; }
`;

/**
 * The dev outbox: the one-time codes "sent" by the auth service, read by a person (/dev/outbox) or
 * a test (/dev/outbox.json?recipient=…). Registered by the dev plugin, behind its local-only hook.
 */
export default async function outboxRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const latest = (recipient: string | undefined, limit: number) => app.authService.accounts.sentMessages(recipient ? normalizeRecipient(recipient) : null, limit);

  /** `{ messages: [{ id, channel, recipient, subject, body, code, created_at }] }`, newest first. */
  r.get('/dev/outbox.json', { schema: { querystring: outboxQuery } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { messages: await latest(request.query.recipient, request.query.limit) };
  });

  r.get('/dev/outbox', { schema: { querystring: outboxQuery } }, async (request, reply) => {
    const messages = await latest(request.query.recipient, Math.max(request.query.limit, 50));
    const rows = messages
      .map(
        (message) => `<tr>
  <td data-label="Time"><time datetime="${message.created_at}">${escapeHtml(message.created_at.replace('T', ' ').slice(0, 19))}</time></td>
  <td data-label="Channel">${message.channel}</td>
  <td data-label="Recipient">${escapeHtml(message.recipient)}</td>
  <td data-label="Code"><strong class="code">${escapeHtml(message.code ?? '')}</strong></td>
  <td data-label="Message"><pre>${escapeHtml([message.subject, message.body].filter(Boolean).join('\n\n'))}</pre></td>
</tr>`,
      )
      .join('\n');
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    return htmlDocument({
      lang: 'en',
      title: 'Dev outbox',
      head: '<meta http-equiv="refresh" content="5">',
      style: outboxStyle,
      body: `<h1>Dev outbox</h1>
<p>Messages the auth service would have sent (development only; refreshes every 5 s). JSON: <a href="/dev/outbox.json">/dev/outbox.json?recipient=…</a></p>
<form method="get"><label>Recipient <input name="recipient" value="${escapeHtml(request.query.recipient ?? '')}"></label> <button>Filter</button></form>
<table>
<thead><tr><th scope="col">Time</th><th scope="col">Channel</th><th scope="col">Recipient</th><th scope="col">Code</th><th scope="col">Message</th></tr></thead>
<tbody>
${rows || '<tr><td colspan="5">No messages yet.</td></tr>'}
</tbody>
</table>`,
    });
  });
}
